"""The Paiute game: rules as pure functions over immutable states (P1-P21).

A game (``initial_state`` to terminal) is a whole session of one or more deals::

    >>> import random
    >>> from cardgames.game import playout
    >>> from cardgames.paiute import Paiute, PaiuteConfig
    >>> game = Paiute(PaiuteConfig(num_players=3, max_turns=60))
    >>> state = game.initial_state(seed=7)
    >>> game.legal_actions(state)
    (DrawStock(), DrawDiscard())
    >>> final, actions = playout(game, random.Random(1), state=state)
    >>> game.is_terminal(final), sum(game.returns(final))
    (True, 0)
"""

from __future__ import annotations

import random
import sys
from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any, Final

from cardgames._slots import unchecked_twin
from cardgames.cards import Card, make_rng
from cardgames.errors import IllegalActionError, InvalidConfigError, InvalidStateError
from cardgames.game import PlayerId, is_seat
from cardgames.paiute.action import (
    ACTIONS,
    CALL_BASE,
    CALL_SIX_ID,
    CARD_INDEX,
    DISCARD_BASE,
    DRAW_DISCARD_ID,
    DRAW_STOCK_ID,
    INDEX_BY_RANK_SUIT,
    NUM_DISTINCT_ACTIONS,
    SHOW_SIX_ID,
    Call,
    Discard,
    DrawDiscard,
    DrawStock,
    PaiuteAction,
    ShowSix,
    action_from_id,
    action_id,
)
from cardgames.paiute.config import FinalTurns, PaiuteConfig
from cardgames.paiute.hands import (
    CALL_KEYS,
    NATURAL_MASK_BY_WILD_CARD,
    RANK_WEIGHT,
    SHOW_KEYS,
    CallOption,
    HandValue,
    call_options_indices,
    evaluate_indices,
)
from cardgames.paiute.history import (
    DISCARDS,
    PILE_DRAWS,
    STOCK_DRAWS,
    Called,
    DrewFromStock,
    PaiuteEvent,
    RebuiltStock,
    ShowedSix,
)
from cardgames.paiute.observation import PaiuteObservation, Sampler, observe, prepare, sample
from cardgames.paiute.playout import play_randomly
from cardgames.paiute.session import (
    DECK_INDICES,
    check_order,
    end_deal,
    rebuild_rng,
    share_chips,
    shuffle,
    start_deal,
)
from cardgames.paiute.state import CARDS, DRAWN, DrawSource, PaiuteState, state_of_log
from cardgames.sequence import CHUNK, chain_of_log, log_appended, log_of_chain

__all__ = ["Paiute"]

_DRAW_EITHER: Final = (ACTIONS[DRAW_STOCK_ID], ACTIONS[DRAW_DISCARD_ID])
_DRAW_STOCK: Final = (ACTIONS[DRAW_STOCK_ID],)
_DRAW_PILE: Final = (ACTIONS[DRAW_DISCARD_ID],)
"""The legal draws when both sources, only the stock or only the discard pile can be drawn."""
_PAIR_WEIGHT: Final = tuple(
    tuple(RANK_WEIGHT[first] + RANK_WEIGHT[second] for second in range(52)) for first in range(52)
)
"""``RANK_WEIGHT[first] + RANK_WEIGHT[second]``, by the two card indices."""
_DISCARD_ACTIONS: Final = ACTIONS[DISCARD_BASE : DISCARD_BASE + 52]
_CALL_ACTIONS: Final = ACTIONS[CALL_BASE : CALL_BASE + 52]
_CALL_SIX: Final = ACTIONS[CALL_SIX_ID]
_SHOW_SIX: Final = ACTIONS[SHOW_SIX_ID]
_FROM_PILE: Final = DrawSource.DISCARD_PILE
_ONE: Final = tuple((index,) for index in range(52))
"""The one-card tuple of each card index, to add a card to a pile without building one."""
_FROM_STOCK: Final = DRAWN[0]
_FROM_DISCARDS: Final = DRAWN[1]
_STOCK_EVENTS: Final = tuple((event,) for event in STOCK_DRAWS)
_PILE_EVENTS: Final = tuple(tuple((event,) for event in seat) for seat in PILE_DRAWS)
_DISCARD_EVENTS: Final = tuple(tuple((event,) for event in seat) for seat in DISCARDS)
"""The interned events of the hot path, each in a one-item tuple to add to a chunk of history."""
_UNCHECKED: Final[Any] = unchecked_twin(PaiuteState)
"""PaiuteState's twin that :func:`~cardgames._slots.slot_builder` fills (inlined in apply)."""
_NOT_PAIUTE: Final = (
    "it is not a Paiute action; a turn is DrawStock() or DrawDiscard(), then "
    "Discard(card=...), Call(discard=...) or, in a final turn, ShowSix() (P9, P11, P13)"
)


def _own_state(state: object) -> PaiuteState:
    """``state`` if it is a Paiute state (InvalidStateError otherwise)."""
    if type(state) is not PaiuteState:
        raise InvalidStateError(f"expected a PaiuteState, not {type(state).__name__}")
    return state


def _forbidden(state: PaiuteState) -> int:
    """The index of the card drawn from the pile this turn, which cannot be discarded (P9)."""
    drawn = state.drawn
    return drawn.card_index if drawn is not None and drawn.source is _FROM_PILE else -1


def _card_index(card: object) -> int | None:
    """The index of ``card``, or None for something that is not a card (a forged action)."""
    return CARD_INDEX.get(card) if type(card) is Card else None


def _check_chance_arguments(
    state: PaiuteState,
    action: object,
    successor: PaiuteState,
    stock_order: object,
    deck: object,
) -> None:
    """``stock_order`` only for a stock draw (P10), ``next_deck`` only before a deal (P20)."""
    if stock_order is not None and type(action) is not DrawStock:
        raise InvalidConfigError("stock_order is only for a draw that rebuilds the stock (P10)")
    if deck is not None and successor.table.deal == state.table.deal:
        raise InvalidConfigError("next_deck is only for an action after which a deal starts (P20)")


class Paiute:
    """Paiute, the Hawaiian draw-and-discard game of wild cards and six-card hands.

    ``Paiute()`` plays the default :class:`PaiuteConfig`; pass a config for the options.
    Implements :class:`cardgames.game.Game` over :class:`PaiuteState`,
    :data:`~cardgames.paiute.action.PaiuteAction` and :class:`PaiuteObservation`.
    """

    __slots__ = (
        "_ace_low",
        "_callable",
        "_config",
        "_keep",
        "_max_turns",
        "_n",
        "_next",
        "_sampler",
        "_turn_cap",
    )

    def __init__(self, config: PaiuteConfig | None = None) -> None:
        if config is None:
            config = PaiuteConfig()
        if not isinstance(config, PaiuteConfig):
            raise InvalidConfigError(f"Paiute takes a PaiuteConfig, not {config!r}")
        self._config = config
        self._n = config.num_players
        self._next = tuple((seat + 1) % self._n for seat in range(self._n))
        self._keep = 1 if config.reshuffle_keep_top_discard else 0
        self._ace_low = config.ace_low_straight
        self._callable = CALL_KEYS[config.ace_low_straight]
        self._sampler: Sampler | None = None
        """The sampler of the latest observation determinized (a search samples one often)."""
        self._max_turns = config.max_turns
        self._turn_cap = sys.maxsize if config.max_turns is None else config.max_turns
        """The turns after which a deal without a call is void, for one comparison (P21)."""

    def __repr__(self) -> str:
        return f"Paiute({self._config!r})"

    def __reduce__(self) -> tuple[type[Paiute], tuple[PaiuteConfig]]:
        """Pickle a game as its config (its tables and its sampler are rebuilt from it)."""
        return Paiute, (self._config,)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Paiute) and other._config == self._config

    def __hash__(self) -> int:
        return hash((Paiute, self._config))

    @property
    def config(self) -> PaiuteConfig:
        """The rules options this game plays with."""
        return self._config

    @property
    def name(self) -> str:
        """``"paiute"``."""
        return "paiute"

    @property
    def num_players(self) -> int:
        """The number of seats (P1)."""
        return self._n

    @property
    def num_distinct_actions(self) -> int:
        """108: see :mod:`cardgames.paiute.action` for the id layout."""
        return NUM_DISTINCT_ACTIONS

    # --- setting up -----------------------------------------------------------------------

    def initial_state(
        self,
        seed: int | random.Random | None = None,
        *,
        deck: Sequence[Card] | None = None,
        dealer: PlayerId | None = None,
    ) -> PaiuteState:
        """The first deal of a session, antes paid and cards dealt (P3-P7).

        Args:
            seed: Resolves every chance event: the first dealer (P4), the deck order, and a
                private key from which later shuffles derive (stock rebuilds P10, later deals
                P20). None draws from the OS.
            deck: An explicit order for the first deal: cards go one at a time from the front
                to the dealer's left first (P5), then the wild card is turned (P6), then the
                top of the stock starts the discard pile (P7); the rest is the stock, drawn in
                order.
            dealer: The first dealer, instead of drawing one from the seed (P4).

        Raises:
            InvalidConfigError: ``deck`` is not a permutation of the 52 cards, or ``dealer``
                is not a seat.
            TypeError: ``seed`` is not an int, a ``random.Random`` or None.
        """
        rng = make_rng(seed)
        drawn_dealer = rng.randrange(self._n)
        chance_key = rng.getrandbits(64)
        if dealer is None:
            dealer = PlayerId(drawn_dealer)
        elif not is_seat(dealer, self._n):
            raise InvalidConfigError(
                f"dealer must be a seat from 0 to {self._n - 1}, not {dealer!r}"
            )
        order = None if deck is None else check_order(deck, DECK_INDICES, "deck")
        config = self._config
        return start_deal(
            config,
            stacks=(config.starting_chips,) * self._n,
            pot=0,
            dealer=dealer,
            deal=0,
            results=(),
            chance_key=chance_key,
            deck=order,
        )

    # --- inspecting -----------------------------------------------------------------------

    def current_player(self, state: PaiuteState) -> PlayerId | None:
        """The seat to act, or None once the session is over."""
        return _own_state(state).current_player

    def is_terminal(self, state: PaiuteState) -> bool:
        """Whether the session is over (P19, P20)."""
        if type(state) is not PaiuteState:
            _own_state(state)
        return state.current_player is None

    def round_index(self, state: PaiuteState) -> int:
        """The deal ``state`` is in (from 0); it changes once a deal is settled (P14, P18).

        See :func:`cardgames.game.round_index`.
        """
        return state.table.deal

    def random_playout(
        self,
        state: PaiuteState,
        randbelow: Callable[[int], int],
        horizon: int | None = None,
        limit: int | None = None,
    ) -> PaiuteState:
        """The state after uniformly random legal actions, each drawn as ``randbelow(n)``.

        Equal (and with the same ``repr``) to the state this loop returns, with exactly the
        same calls of ``randbelow``: from ``state``, while fewer than ``limit`` actions were
        played (None: no limit), the session goes on and the deal is still ``horizon`` (None:
        any deal), apply ``legal_actions(state)[randbelow(len(legal_actions(state)))]``. It
        plays on a private mutable table and builds only the states it must (see
        :mod:`cardgames.paiute.playout`), so a search's random rollouts cost a fraction of
        the loop's; ``state`` is not changed::

            >>> import random
            >>> from cardgames.paiute import Paiute, PaiuteConfig
            >>> game = Paiute(PaiuteConfig(num_players=4))
            >>> state = game.initial_state(seed=5)
            >>> final = game.random_playout(state, random.Random(1).randrange, horizon=0)
            >>> game.is_terminal(final), sum(game.returns(final)), final.deal_number
            (True, 0, 0)
            >>> game.random_playout(state, random.Random(1).randrange, limit=3).turns_played
            1

        Args:
            state: The position to play from.
            randbelow: Returns an int from 0 to ``n - 1`` for ``n`` (such as the
                ``randrange`` of a :class:`random.Random`, or its ``_randbelow``, which
                draws the same); called once per action.
            horizon: Stop once the deal is no longer this one (:meth:`round_index`).
            limit: Stop after this many actions.

        Raises:
            InvalidStateError: ``state`` is not a Paiute state of this table's size.
            InvalidConfigError: ``horizon`` or ``limit`` is neither an int nor None, or
                ``randbelow`` returned something outside its range.
        """
        if type(state) is not PaiuteState:
            _own_state(state)
        if len(state.hand_indices) != self._n:
            raise InvalidStateError(
                f"a state of {len(state.hand_indices)} seats at a {self._n}-seat game"
            )
        return play_randomly(self, state, randbelow, horizon, limit)

    def returns(self, state: PaiuteState) -> tuple[int, ...]:
        """Each seat's chip change since the session began; they sum to zero.

        During a deal the pot counts as still belonging to the players in equal shares (every
        chip in it is an ante or a carried ante), so the result is final only at the end.

        Raises:
            InvalidStateError: ``state`` is not a Paiute state of this table's size.
        """
        table = _own_state(state).table
        if len(table.stacks) != self._n:
            raise InvalidStateError(
                f"a state of {len(table.stacks)} seats at a {self._n}-seat game"
            )
        start = self._config.starting_chips
        shares = share_chips(table.pot, range(self._n), table.dealer, self._n)
        return tuple(
            stack + share - start for stack, share in zip(table.stacks, shares, strict=True)
        )

    def standings(self, state: PaiuteState) -> tuple[tuple[PlayerId, int], ...]:
        """``(seat, chip result)`` pairs, best first (ties by seat): the final ranking (P20).

        The chip results are :meth:`returns`, so during a deal the pot counts in equal shares.
        """
        order = sorted(enumerate(self.returns(state)), key=lambda pair: (-pair[1], pair[0]))
        return tuple((PlayerId(seat), result) for seat, result in order)

    def winners(self, state: PaiuteState) -> frozenset[PlayerId]:
        """The seats with the best chip result; several share the win on a tie (P20)."""
        results = self.returns(state)
        best = max(results)
        return frozenset(PlayerId(seat) for seat, result in enumerate(results) if result == best)

    def call_options(self, state: PaiuteState) -> tuple[CallOption, ...]:
        """The calls the current player may make now, with the value of each (P11).

        Empty unless the player has drawn and no one has called yet.
        """
        player = _own_state(state).current_player
        if player is None or state.drawn is None or state.caller is not None:
            return ()
        forbidden = _forbidden(state)
        options = call_options_indices(
            state.hand_indices[player],
            CARDS[state.table.wild].rank,
            self._ace_low,
            forbidden if forbidden >= 0 else None,
        )
        return tuple(
            CallOption(discard=None if discard is None else CARDS[discard], value=value)
            for discard, value in options
        )

    def stock_needs_rebuild(self, state: PaiuteState) -> bool:
        """Whether a :class:`DrawStock` now would rebuild the stock (so takes ``stock_order``)."""
        return not _own_state(state).stock_indices and state.current_player is not None

    # --- actions --------------------------------------------------------------------------

    def action_id(self, action: PaiuteAction) -> int:
        """The stable id of ``action`` (see :mod:`cardgames.paiute.action`).

        Raises:
            IllegalActionError: ``action`` is not a Paiute action.
        """
        return action_id(action)

    def action_from_id(self, action_id: int) -> PaiuteAction:
        """The action with id ``action_id``.

        Raises:
            IllegalActionError: ``action_id`` is not an int in ``range(108)``.
        """
        return action_from_id(action_id)

    def legal_actions(self, state: PaiuteState) -> tuple[PaiuteAction, ...]:  # noqa: C901, PLR0912 - unrolled
        """Every legal action in action-id order; empty once the session is over."""
        if type(state) is not PaiuteState:
            _own_state(state)
        player = state.current_player
        if player is None:
            return ()
        drawn = state.drawn
        if drawn is None:  # a draw: from the stock, rebuilt if need be (P10), or the pile (P9)
            pile = state.pile_indices
            if state.stock_indices or len(pile) > self._keep:
                return _DRAW_EITHER if pile else _DRAW_STOCK
            return _DRAW_PILE if pile else ()
        hand = state.hand_indices[player]  # six cards after the draw (P9)
        a, b, c, d, e, f = hand
        discards = _DISCARD_ACTIONS
        actions: tuple[PaiuteAction, ...]
        forbidden: int | None = None
        if drawn.source is not _FROM_PILE:
            actions = (discards[a], discards[b], discards[c], discards[d], discards[e], discards[f])
        else:  # the card taken from the pile cannot be discarded (P9)
            forbidden = drawn.card_index
            if forbidden == a:
                actions = (discards[b], discards[c], discards[d], discards[e], discards[f])
            elif forbidden == b:
                actions = (discards[a], discards[c], discards[d], discards[e], discards[f])
            elif forbidden == c:
                actions = (discards[a], discards[b], discards[d], discards[e], discards[f])
            elif forbidden == d:
                actions = (discards[a], discards[b], discards[c], discards[e], discards[f])
            elif forbidden == e:
                actions = (discards[a], discards[b], discards[c], discards[d], discards[f])
            else:
                actions = (discards[a], discards[b], discards[c], discards[d], discards[e])
        # Whether any call (or show) can be legal is one lookup of the hand's natural ranks
        # in the evaluator's tables (call_options_indices's first step): mostly none can.
        # The key is the sum of the cards' rank weights, taken here by pairs of cards.
        wild = state.table.wild
        pair = _PAIR_WEIGHT
        natural = (pair[a][b] + pair[c][d] + pair[e][f]) & NATURAL_MASK_BY_WILD_CARD[wild]
        if state.caller is None:
            if natural in self._callable:
                calls = call_options_indices(hand, (wild >> 2) + 2, self._ace_low, forbidden)
                if calls:
                    return actions + tuple(
                        _CALL_SIX if discard is None else _CALL_ACTIONS[discard]
                        for discard, _ in calls
                    )
        elif natural in SHOW_KEYS:
            return (*actions, _SHOW_SIX)
        return actions

    def legal_action_mask(self, state: PaiuteState) -> tuple[bool, ...]:
        """A mask over action ids, True for each legal action."""
        mask = [False] * NUM_DISTINCT_ACTIONS
        for action in self.legal_actions(state):
            mask[action_id(action)] = True
        return tuple(mask)

    def why_illegal(self, state: PaiuteState, action: object) -> str | None:  # noqa: PLR0911 - one return per action kind
        """Why ``action`` is not legal in ``state``, naming the rule; None if it is legal.

        ``why_illegal(state, action) is None`` exactly when ``action in legal_actions(state)``,
        and the reason is the one :meth:`apply` raises with::

            >>> from cardgames.paiute import Paiute, PaiuteConfig, Discard, DrawStock
            >>> from cardgames.cards import Card
            >>> game = Paiute(PaiuteConfig(num_players=2))
            >>> state = game.initial_state(seed=3)
            >>> game.why_illegal(state, DrawStock()) is None
            True
            >>> game.why_illegal(state, Discard(card=Card.parse("Ah")))
            'draw first: a turn starts with exactly one draw (P9)'

        Raises:
            InvalidStateError: ``state`` is not a Paiute state.
        """
        state = _own_state(state)
        if state.current_player is None:
            return "the session is over (P20)"
        subject: object = action
        match subject:
            case DrawStock():
                return self._why_not_draw(state) or self._why_not_stock(state)
            case DrawDiscard():
                return self._why_not_draw(state) or self._why_not_pile(state)
            case Discard(card=card):
                return self._why_not_discard(state, _card_index(card))
            case Call(discard=None):
                return self._why_not_call(state, None)
            case Call(discard=card):
                index = _card_index(card)
                return _NOT_PAIUTE if index is None else self._why_not_call(state, index)
            case ShowSix():
                return self._why_not_show_six(state)
            case _:
                return _NOT_PAIUTE

    def apply(  # noqa: C901, PLR0911, PLR0912, PLR0915 - the hot path inlined
        self,
        state: PaiuteState,
        action: PaiuteAction,
        *,
        stock_order: Sequence[Card] | None = None,
        next_deck: Sequence[Card] | None = None,
    ) -> PaiuteState:
        """The state after ``action`` by the current player; ``state`` is never changed.

        Args:
            state: The state to act in.
            action: A legal action of the current player.
            stock_order: Only for a :class:`DrawStock` that rebuilds the stock (P10): the new
                stock, top card first, a permutation of the discards being shuffled. By
                default the order comes from the state's chance key.
            next_deck: Only for an action that ends a deal when another follows (P20): that
                deal's deck order, as in :meth:`initial_state`. By default it is shuffled from
                the chance key.

        Raises:
            IllegalActionError: ``action`` is not legal; the message names the rule (the
                reason :meth:`why_illegal` gives).
            InvalidStateError: ``state`` is not a Paiute state.
            InvalidConfigError: ``stock_order`` or ``next_deck`` is not a valid order, or is
                given where no such shuffle happens.
        """
        if type(state) is not PaiuteState:
            _own_state(state)
        player = state.current_player
        if player is None:
            raise IllegalActionError(f"{action!r} is not legal: the session is over (P20)")
        if stock_order is not None or next_deck is not None:
            return self._apply(state, action, player, stock_order, next_deck)
        # The hot path: the common case of the three most frequent actions, by exact class
        # (anything else, a subclass or a forged field included, takes the match of _apply).
        # Each hand is a sorted tuple of five cards, six after the draw (P9): it is unpacked,
        # and the new hand is built with the card put in (or taken out) in one tuple display.
        kind = type(action)
        drawn = state.drawn
        hands = state.hand_indices
        turns = state.turns_played
        hand: tuple[int, ...]
        event: tuple[PaiuteEvent]
        if kind is Discard:
            chosen = action.card  # type: ignore[union-attr]
            if drawn is None or type(chosen) is not Card:
                return self._apply(state, action, player, None, None)
            index = chosen.index
            turns += 1
            if (
                index == drawn.card_index and drawn.source is _FROM_PILE
            ) or (  # the deal ends with this turn (P12, P21)
                turns >= self._turn_cap if state.caller is None else player == state.last_to_play
            ):
                return self._apply(state, action, player, None, None)
            a, b, c, d, e, f = hands[player]
            if index == a:
                hand = (b, c, d, e, f)
            elif index == b:
                hand = (a, c, d, e, f)
            elif index == c:
                hand = (a, b, d, e, f)
            elif index == d:
                hand = (a, b, c, e, f)
            elif index == e:
                hand = (a, b, c, d, f)
            elif index == f:
                hand = (a, b, c, d, e)
            else:  # not in the hand
                return self._apply(state, action, player, None, None)
            stock = state.stock_indices
            pile = state.pile_indices + _ONE[index]
            following = self._next[player]
            drawn = None
            event = _DISCARD_EVENTS[player][index]
        elif kind is DrawStock:
            stock = state.stock_indices
            if drawn is not None or not stock:  # an illegal draw, or a rebuild (P10)
                return self._apply(state, action, player, None, None)
            card = stock[-1]
            if card == state.table.wild and not state.rebuilt_indices:  # a known card (P6)
                return self._apply(state, action, player, None, None)
            stock = stock[:-1]
            pile = state.pile_indices
            drawn = _FROM_STOCK[card]
            following = player
            event = _STOCK_EVENTS[player]
        elif kind is DrawDiscard:
            pile = state.pile_indices
            if drawn is not None or not pile:
                return self._apply(state, action, player, None, None)
            card = pile[-1]
            stock = state.stock_indices
            pile = pile[:-1]
            drawn = _FROM_DISCARDS[card]
            following = player
            event = _PILE_EVENTS[player][card]
        else:
            return self._apply(state, action, player, None, None)
        if kind is not Discard:
            a, b, c, d, e = hands[player]
            if card < c:
                if card < a:
                    hand = (card, a, b, c, d, e)
                elif card < b:
                    hand = (a, card, b, c, d, e)
                else:
                    hand = (a, b, card, c, d, e)
            elif card < d:
                hand = (a, b, c, card, d, e)
            elif card < e:
                hand = (a, b, c, d, card, e)
            else:
                hand = (a, b, c, d, e, card)
        # the hands with the new one in: a tuple display at the default table and heads-up
        # (cheaper than a list copy and a tuple of it, which every other table size takes)
        h = hands
        grown: tuple[tuple[int, ...], ...]
        if len(h) == 4:
            if player == 0:
                grown = (hand, h[1], h[2], h[3])
            elif player == 1:
                grown = (h[0], hand, h[2], h[3])
            elif player == 2:
                grown = (h[0], h[1], hand, h[3])
            else:
                grown = (h[0], h[1], h[2], hand)
        elif len(h) == 2:
            grown = (hand, h[1]) if player == 0 else (h[0], hand)
        else:
            seats = list(h)
            seats[player] = hand
            grown = tuple(seats)
        # the history's log (see PaiuteState) appended, as log_appended does: once per action
        log = state._log  # type: ignore[attr-defined]  # noqa: SLF001
        log = log + event if len(log) <= CHUNK else (chain_of_log(log), *event)
        successor = _UNCHECKED()
        successor.table = state.table
        successor.hand_indices = grown
        successor.stock_indices = stock
        successor.pile_indices = pile
        successor.current_player = following
        successor.drawn = drawn
        successor.turns_played = turns
        successor.caller = state.caller
        successor.last_to_play = state.last_to_play
        successor.rebuilt_indices = state.rebuilt_indices
        successor._log = log  # noqa: SLF001
        successor.__class__ = PaiuteState
        return successor  # type: ignore[no-any-return]

    def _apply(
        self,
        state: PaiuteState,
        action: PaiuteAction,
        player: PlayerId,
        stock_order: Sequence[Card] | None,
        next_deck: Sequence[Card] | None,
    ) -> PaiuteState:
        """:meth:`apply` for every action and state, checked, the chance arguments taken."""
        deck = None if next_deck is None else check_order(next_deck, DECK_INDICES, "next_deck")
        match action:  # the most frequent actions first
            case Discard(card=card):
                successor = self._discard(
                    state,
                    action,
                    player,
                    INDEX_BY_RANK_SUIT[card.rank][card.suit] if type(card) is Card else None,
                    deck,
                )
            case DrawStock():
                successor = self._draw_stock(state, action, player, stock_order)
            case DrawDiscard():
                successor = self._draw_discard(state, action, player)
            case Call(discard=card):
                successor = self._call(state, action, player, card, deck)
            case ShowSix():
                successor = self._show_six(state, action, player, deck)
            case _:
                raise self._illegal(action, player, _NOT_PAIUTE)
        if stock_order is not None or deck is not None:
            _check_chance_arguments(state, action, successor, stock_order, deck)
        return successor

    def _illegal(self, action: object, player: int, reason: str) -> IllegalActionError:
        return IllegalActionError(f"{action!r} is not legal for player {player}: {reason}")

    # --- why an action is illegal (P9-P13) -----------------------------------------------

    def _why_not_draw(self, state: PaiuteState) -> str | None:
        """A draw needs a turn that has not drawn yet (P9, P13)."""
        if state.drawn is None:
            return None
        if state.caller is not None:
            return "a final turn has exactly one draw; now discard or show six (P9, P13)"
        return "a turn has exactly one draw; now discard or call (P9)"

    def _why_not_stock(self, state: PaiuteState) -> str | None:
        """The stock, or the discards that would rebuild it, must hold a card (P10)."""
        if state.stock_indices or len(state.pile_indices) > self._keep:
            return None
        below = "below its top card " if self._keep else ""
        return (
            f"the stock and the discard pile {below}are both empty, so there is nothing "
            "to draw from the stock (P10)"
        )

    def _why_not_pile(self, state: PaiuteState) -> str | None:
        """The discard pile must hold a card (P9)."""
        return None if state.pile_indices else "the discard pile is empty (P9)"

    def _why_not_after_draw(self, state: PaiuteState, action: str) -> str | None:
        """Discarding, calling and showing come after the turn's one draw (P9, P11)."""
        if state.drawn is not None:
            return None
        if action == "call":
            return "draw first: a player may call only after drawing (P9, P11)"
        return "draw first: a turn starts with exactly one draw (P9)"

    def _why_not_discard(self, state: PaiuteState, card: int | None) -> str | None:
        """Discard a card of the hand, but not the one taken from the pile this turn (P9)."""
        if card is None:
            return _NOT_PAIUTE
        why = self._why_not_after_draw(state, "discard")
        if why is not None:
            return why
        if card == _forbidden(state):
            return "a card taken from the discard pile cannot be discarded this turn (P9)"
        if card not in state.hand_indices[state.current_player]:  # type: ignore[index]
            return "the card is not in the player's hand (P9)"
        return None

    def _why_not_call(self, state: PaiuteState, discard: int | None) -> str | None:
        """A call after the draw, before anyone called, showing a combination (P11, P15)."""
        why = self._why_not_after_draw(state, "call")
        if why is not None:
            return why
        if state.caller is not None:
            return (
                f"player {state.caller} has already called; a final turn ends with a discard "
                "or ShowSix() (P12, P13)"
            )
        if discard is not None:
            why = self._why_not_discard(state, discard)
            if why is not None:
                return why
        if self._shown_value(state, discard) is None:
            if discard is None:
                return "the six cards form no six-card combination (P11, P15)"
            return "the other five cards form no five-card combination (P11, P15)"
        return None

    def _why_not_show_six(self, state: PaiuteState) -> str | None:
        """Showing six is a final turn's alternative to a discard (P13, P15)."""
        why = self._why_not_after_draw(state, "show")
        if why is not None:
            return why
        if state.caller is None:
            return (
                "ShowSix() is only for a final turn after a call; to call with six cards "
                "use Call(discard=None) (P11, P13)"
            )
        if self._shown_value(state, None) is None:
            return "the six cards form no six-card combination (P13, P15)"
        return None

    def _shown_value(self, state: PaiuteState, discard: int | None) -> HandValue | None:
        """The value of the current hand, less ``discard`` if one is given (P15, P16)."""
        hand = state.hand_indices[state.current_player]  # type: ignore[index]
        wild_rank = (state.table.wild >> 2) + 2
        if discard is None:
            return evaluate_indices(hand, wild_rank)
        return evaluate_indices(tuple(c for c in hand if c != discard), wild_rank, self._ace_low)

    # --- one function per action ---------------------------------------------------------

    def _draw_stock(
        self,
        state: PaiuteState,
        action: DrawStock,
        player: PlayerId,
        stock_order: Sequence[Card] | None,
    ) -> PaiuteState:
        """Draw the top of the stock, rebuilding an empty stock first (P9, P10)."""
        stock = state.stock_indices
        pile = state.pile_indices
        if state.drawn is not None or not (stock or len(pile) > self._keep):
            why = self._why_not_draw(state) or self._why_not_stock(state)
            raise self._illegal(action, player, why or "")
        rebuilt = state.rebuilt_indices
        history = state.history
        if not stock:
            stock, pile, rebuilt = self._rebuild(state, stock_order)
            history = history.appended(RebuiltStock(cards=tuple([CARDS[i] for i in rebuilt])))
        elif stock_order is not None:
            raise InvalidConfigError(
                "stock_order is only for a draw that rebuilds the stock (P10); "
                "the stock is not empty"
            )
        card = stock[-1]
        if card == state.table.wild and not rebuilt:
            history = history.appended(DrewFromStock(player=player, card=CARDS[card]))
        else:
            history = history.appended(STOCK_DRAWS[player])
        hands = list(state.hand_indices)
        hand = list(hands[player])
        insort(hand, card)  # the hand stays in card order
        hands[player] = tuple(hand)
        return state_of_log(
            state.table,
            tuple(hands),
            stock[:-1],
            pile,
            player,
            DRAWN[0][card],
            state.turns_played,
            state.caller,
            state.last_to_play,
            rebuilt,
            log_of_chain(history),
        )

    def _draw_discard(
        self, state: PaiuteState, action: DrawDiscard, player: PlayerId
    ) -> PaiuteState:
        """Take the top of the discard pile (P9)."""
        pile = state.pile_indices
        if state.drawn is not None or not pile:
            why = self._why_not_draw(state) or self._why_not_pile(state)
            raise self._illegal(action, player, why or "")
        card = pile[-1]
        hands = list(state.hand_indices)
        hand = list(hands[player])
        insort(hand, card)  # the hand stays in card order
        hands[player] = tuple(hand)
        return state_of_log(
            state.table,
            tuple(hands),
            state.stock_indices,
            pile[:-1],
            player,
            DRAWN[1][card],
            state.turns_played,
            state.caller,
            state.last_to_play,
            state.rebuilt_indices,
            log_appended(state._log, PILE_DRAWS[player][card]),  # type: ignore[attr-defined]  # noqa: SLF001
        )

    def _rebuild(
        self, state: PaiuteState, stock_order: Sequence[Card] | None
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Shuffle the discards (but the top one, by default) into a new stock (P10).

        Returns the new stock (top last), the new discard pile and the shuffled cards sorted.
        """
        pile = state.pile_indices
        keep = self._keep
        shuffled = pile[: len(pile) - keep]
        if stock_order is None:
            order = list(shuffled)
            rebuilds = state.history.count_type(RebuiltStock)
            shuffle(order, rebuild_rng(state.table.chance_key, state.table.deal, rebuilds))
            top_first = tuple(order)
        else:
            top_first = check_order(stock_order, shuffled, "stock_order")
        return top_first[::-1], pile[len(pile) - keep :], tuple(sorted(shuffled))

    def _discard(
        self,
        state: PaiuteState,
        action: Discard,
        player: PlayerId,
        card: int | None,
        deck: tuple[int, ...] | None,
    ) -> PaiuteState:
        """Discard a card face up, back to five cards (P9, P13)."""
        hand = state.hand_indices[player]
        drawn = state.drawn
        if (
            drawn is None
            or card is None
            or card not in hand
            or (card == drawn.card_index and drawn.source is _FROM_PILE)
        ):
            raise self._illegal(action, player, self._why_not_discard(state, card) or "")
        kept = list(hand)
        kept.remove(card)
        rest = tuple(kept)
        turns = state.turns_played + 1
        caller = state.caller
        max_turns = self._max_turns
        if (
            player == state.last_to_play
            if caller is not None
            else max_turns is not None and turns >= max_turns
        ):
            return self._end_turn(
                state, player, rest, (*state.pile_indices, card), DISCARDS[player][card], deck
            )
        # the deal goes on: _end_turn's common case, inlined for the most frequent action
        hands = list(state.hand_indices)
        hands[player] = rest
        return state_of_log(
            state.table,
            tuple(hands),
            state.stock_indices,
            state.pile_indices + (card,),  # noqa: RUF005 - faster than unpacking into a tuple
            self._next[player],
            None,
            turns,
            caller,
            state.last_to_play,
            state.rebuilt_indices,
            log_appended(state._log, DISCARDS[player][card]),  # type: ignore[attr-defined]  # noqa: SLF001
        )

    def _call(
        self,
        state: PaiuteState,
        action: Call,
        player: PlayerId,
        card: object,
        deck: tuple[int, ...] | None,
    ) -> PaiuteState:
        """Call: discard one card and show five, or show all six (P11)."""
        discard = None if card is None else _card_index(card)
        why = _NOT_PAIUTE if card is not None and discard is None else None
        why = why or self._why_not_call(state, discard)
        if why is not None:
            raise self._illegal(action, player, why)
        hand = state.hand_indices[player]
        pile = state.pile_indices
        if discard is not None:
            hand = tuple(c for c in hand if c != discard)
            pile = (*pile, discard)
        event = Called(
            player=player,
            discard=None if discard is None else CARDS[discard],
            shown=tuple(CARDS[c] for c in hand),
            value=self._shown_value(state, discard),  # type: ignore[arg-type]
        )
        if self._config.final_turns == FinalTurns.COMPLETE_ROUND:
            end = state.table.dealer
        else:
            end = PlayerId((player - 1) % self._n)
        called = state_of_log(
            state.table,
            state.hand_indices,
            state.stock_indices,
            state.pile_indices,
            player,
            state.drawn,
            state.turns_played,
            player,
            end,
            state.rebuilt_indices,
            state._log,  # type: ignore[attr-defined]  # noqa: SLF001 - the history's log
        )
        return self._end_turn(called, player, hand, pile, event, deck)

    def _show_six(
        self,
        state: PaiuteState,
        action: ShowSix,
        player: PlayerId,
        deck: tuple[int, ...] | None,
    ) -> PaiuteState:
        """In a final turn, keep and show all six cards (P13)."""
        why = self._why_not_show_six(state)
        if why is not None:
            raise self._illegal(action, player, why)
        hand = state.hand_indices[player]
        event = ShowedSix(
            player=player,
            shown=tuple(CARDS[c] for c in hand),
            value=self._shown_value(state, None),  # type: ignore[arg-type]
        )
        return self._end_turn(state, player, hand, state.pile_indices, event, deck)

    def _end_turn(  # noqa: PLR0913, PLR0917 - the parts of the state a turn's end changes
        self,
        state: PaiuteState,
        player: PlayerId,
        hand: tuple[int, ...],
        pile: tuple[int, ...],
        event: PaiuteEvent,
        deck: tuple[int, ...] | None,
    ) -> PaiuteState:
        """Pass the turn, or end the deal after the last final turn or ``max_turns`` (P12, P21)."""
        turns = state.turns_played + 1
        caller = state.caller
        if caller is not None:
            over = player == state.last_to_play
        else:
            max_turns = self._max_turns
            over = max_turns is not None and turns >= max_turns
        hands = list(state.hand_indices)
        hands[player] = hand
        successor = state_of_log(
            state.table,
            tuple(hands),
            state.stock_indices,
            pile,
            None if over else (player + 1) % self._n,
            None,
            turns,
            caller,
            state.last_to_play,
            state.rebuilt_indices,
            log_appended(state._log, event),  # type: ignore[attr-defined]  # noqa: SLF001
        )
        return end_deal(self._config, successor, next_deck=deck) if over else successor

    # --- information ----------------------------------------------------------------------

    def observe(self, state: PaiuteState, player: PlayerId | None) -> PaiuteObservation:
        """What ``player`` may know (see :class:`PaiuteObservation`); None: a spectator's view.

        Raises:
            InvalidStateError: ``state`` is not a Paiute state.
            InvalidPlayerError: ``player`` is neither a seat nor None.
        """
        if type(state) is not PaiuteState:
            _own_state(state)
        return observe(self._config, state, player)

    def determinize(self, observation: PaiuteObservation, rng: random.Random) -> PaiuteState:
        """A full state consistent with ``observation``, hidden cards drawn from ``rng``.

        Other hands and the stock are filled at random from the cards the observer cannot
        see, keeping every card the public history places (cards taken from the discard pile
        and not yet discarded, shown hands, the turned wild card at the bottom of the stock,
        the cards of a rebuilt stock). The chance key is fresh from ``rng``.

        Raises:
            InvalidStateError: ``observation`` is not a Paiute observation, or no state fits it.
            TypeError: ``rng`` is not a ``random.Random``.
        """
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
        last = self._sampler  # one read: another thread may replace it
        if last is not None and last.observation is observation:
            # The same observation again: its first sample passed every check, and each
            # sample differs only in where the unseen cards lie (see Sampler).
            return sample(self._config, last, rng, checked=False)
        sampler = prepare(self._config, observation)
        state = sample(self._config, sampler, rng)
        self._sampler = sampler
        return state

    # --- the library's view of the game ---------------------------------------------------

    @property
    def spec(self) -> GameSpec[PaiuteState, PaiuteAction, PaiuteObservation, PaiuteConfig]:
        """The spec of Paiute (:data:`cardgames.paiute.SPEC`)."""
        from cardgames.paiute.spec import SPEC

        return SPEC


from typing import TYPE_CHECKING  # noqa: E402 - this file's last part, kept in one place

if TYPE_CHECKING:
    from cardgames.spec import GameSpec
