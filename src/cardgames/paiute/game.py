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
from collections.abc import Sequence
from typing import Final

from cardgames.cards import Card, make_rng
from cardgames.errors import IllegalActionError, InvalidConfigError
from cardgames.game import PlayerId
from cardgames.paiute.action import (
    ACTIONS,
    CALL_BASE,
    CALL_SIX_ID,
    DISCARD_BASE,
    DRAW_DISCARD_ID,
    DRAW_STOCK_ID,
    ID_BY_IDENTITY,
    NUM_DISTINCT_ACTIONS,
    SHOW_SIX_ID,
    PaiuteAction,
    action_from_id,
    action_id,
)
from cardgames.paiute.config import PaiuteConfig
from cardgames.paiute.hands import (
    CallOption,
    call_options_indices,
    evaluate_indices,
)
from cardgames.paiute.history import (
    DISCARDS,
    PILE_DRAWS,
    STOCK_DRAWS,
    Called,
    DrewFromStock,
    RebuiltStock,
    ShowedSix,
)
from cardgames.paiute.observation import PaiuteObservation, determinize, is_seat, observe
from cardgames.paiute.session import (
    DECK_INDICES,
    check_order,
    end_deal,
    rebuild_rng,
    share_chips,
    start_deal,
)
from cardgames.paiute.state import CARDS, PILE_FLAG, PaiuteState, make_state

__all__ = ["Paiute"]

_DRAW_CHOICES: Final = (
    ((), (ACTIONS[DRAW_DISCARD_ID],)),
    ((ACTIONS[DRAW_STOCK_ID],), (ACTIONS[DRAW_STOCK_ID], ACTIONS[DRAW_DISCARD_ID])),
)
"""Legal draws, indexed by [stock drawable][discard pile drawable]."""
_DISCARD_ACTIONS: Final = ACTIONS[DISCARD_BASE : DISCARD_BASE + 52]
_CALL_ACTIONS: Final = ACTIONS[CALL_BASE : CALL_BASE + 52]
_CALL_SIX: Final = ACTIONS[CALL_SIX_ID]
_SHOW_SIX: Final = ACTIONS[SHOW_SIX_ID]


class Paiute:
    """Paiute, the Hawaiian draw-and-discard game of wild cards and six-card hands.

    ``Paiute()`` plays the default :class:`PaiuteConfig`; pass a config for the options.
    Implements :class:`cardgames.game.Game` over :class:`PaiuteState`,
    :data:`~cardgames.paiute.action.PaiuteAction` and :class:`PaiuteObservation`.
    """

    __slots__ = ("_ace_low", "_config", "_keep", "_max_turns", "_n")

    def __init__(self, config: PaiuteConfig | None = None) -> None:
        if config is None:
            config = PaiuteConfig()
        if not isinstance(config, PaiuteConfig):
            raise InvalidConfigError(f"Paiute takes a PaiuteConfig, not {config!r}")
        self._config = config
        self._n = config.num_players
        self._keep = 1 if config.reshuffle_keep_top_discard else 0
        self._ace_low = config.ace_low_straight
        self._max_turns = config.max_turns

    def __repr__(self) -> str:
        return f"Paiute({self._config!r})"

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
        return state.current_player

    def is_terminal(self, state: PaiuteState) -> bool:
        """Whether the session is over (P19, P20)."""
        return state._player < 0  # noqa: SLF001 - the engine owns the representation

    def returns(self, state: PaiuteState) -> tuple[int, ...]:
        """Each seat's chip change since the session began; they sum to zero.

        During a deal the pot counts as still belonging to the players in equal shares (every
        chip in it is an ante or a carried ante), so the result is final only at the end.
        """
        table = state.table
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
        player = state._player  # noqa: SLF001
        drawn = state._drawn  # noqa: SLF001
        if player < 0 or drawn < 0 or state._caller >= 0:  # noqa: SLF001
            return ()
        forbidden = drawn - PILE_FLAG if drawn >= PILE_FLAG else None
        options = call_options_indices(
            state._hands[player],  # noqa: SLF001
            CARDS[state.table.wild].rank,
            self._ace_low,
            forbidden,
        )
        return tuple(
            CallOption(discard=None if discard is None else CARDS[discard], value=value)
            for discard, value in options
        )

    def stock_needs_rebuild(self, state: PaiuteState) -> bool:
        """Whether a :class:`DrawStock` now would rebuild the stock (so takes ``stock_order``)."""
        return not state._stock and not self.is_terminal(state)  # noqa: SLF001

    # --- actions --------------------------------------------------------------------------

    def action_id(self, action: PaiuteAction) -> int:
        """The stable id of ``action`` (see :mod:`cardgames.paiute.action`)."""
        return action_id(action)

    def action_from_id(self, action_id: int) -> PaiuteAction:
        """The action with id ``action_id``.

        Raises:
            ValueError: ``action_id`` is out of range.
        """
        return action_from_id(action_id)

    def legal_actions(self, state: PaiuteState) -> tuple[PaiuteAction, ...]:
        """Every legal action in action-id order; empty once the session is over."""
        player = state._player  # noqa: SLF001
        if player < 0:
            return ()
        drawn = state._drawn  # noqa: SLF001
        pile = state._pile  # noqa: SLF001
        if drawn < 0:
            return _DRAW_CHOICES[bool(state._stock) or len(pile) > self._keep][bool(pile)]  # noqa: SLF001
        hand = state._hands[player]  # noqa: SLF001
        forbidden = drawn - PILE_FLAG
        actions = [_DISCARD_ACTIONS[card] for card in hand if card != forbidden]
        wild_rank = (state.table.wild >> 2) + 2
        if state._caller < 0:  # noqa: SLF001
            for discard, _ in call_options_indices(
                hand, wild_rank, self._ace_low, forbidden if forbidden >= 0 else None
            ):
                actions.append(_CALL_SIX if discard is None else _CALL_ACTIONS[discard])
        elif evaluate_indices(hand, wild_rank) is not None:
            actions.append(_SHOW_SIX)
        return tuple(actions)

    def legal_action_mask(self, state: PaiuteState) -> tuple[bool, ...]:
        """A mask over action ids, True for each legal action."""
        mask = [False] * NUM_DISTINCT_ACTIONS
        for action in self.legal_actions(state):
            mask[ID_BY_IDENTITY[id(action)]] = True
        return tuple(mask)

    def apply(
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
            IllegalActionError: ``action`` is not legal; the message names the rule.
            InvalidConfigError: ``stock_order`` or ``next_deck`` is not a valid order, or is
                given where no such shuffle happens.
        """
        player = state._player  # noqa: SLF001
        aid = ID_BY_IDENTITY.get(id(action))
        if aid is None:
            try:
                aid = action_id(action)
            except TypeError:
                who = f"for player {player}" if player >= 0 else "now"
                raise IllegalActionError(
                    f"{action!r} is not legal {who}: it is not a Paiute action; a turn is "
                    "DrawStock() or DrawDiscard(), then Discard(card=...), Call(discard=...) "
                    "or, in a final turn, ShowSix() (P9, P11, P13)"
                ) from None
        if player < 0:
            raise IllegalActionError(f"{action!r} is not legal: the session is over (P20)")
        deck = None if next_deck is None else check_order(next_deck, DECK_INDICES, "next_deck")
        if aid < DISCARD_BASE:
            if stock_order is not None and aid == DRAW_DISCARD_ID:
                raise InvalidConfigError("stock_order is only for a draw that rebuilds the stock")
            if deck is not None:
                raise InvalidConfigError("next_deck is only for an action that ends a deal")
            return self._draw(state, action, aid, player, stock_order)
        if stock_order is not None:
            raise InvalidConfigError("stock_order is only for a draw that rebuilds the stock")
        successor = self._finish_turn(state, action, aid, player, deck)
        if deck is not None and successor.table.deal == state.table.deal:
            raise InvalidConfigError("next_deck is only for an action after which a deal starts")
        return successor

    def _illegal(self, action: PaiuteAction, player: int, reason: str) -> IllegalActionError:
        return IllegalActionError(f"{action!r} is not legal for player {player}: {reason}")

    def _draw(
        self,
        state: PaiuteState,
        action: PaiuteAction,
        aid: int,
        player: int,
        stock_order: Sequence[Card] | None,
    ) -> PaiuteState:
        """Draw from the stock (rebuilding it if empty, P10) or the discard pile (P9)."""
        if state._drawn >= 0:  # noqa: SLF001
            if state._caller >= 0:  # noqa: SLF001
                reason = "a final turn has exactly one draw; now discard or show six (P9, P13)"
            else:
                reason = "a turn has exactly one draw; now discard or call (P9)"
            raise self._illegal(action, player, reason)
        hands = state._hands  # noqa: SLF001
        stock = state._stock  # noqa: SLF001
        pile = state._pile  # noqa: SLF001
        history = state._history  # noqa: SLF001
        rebuilt = state._rebuilt  # noqa: SLF001
        if aid == DRAW_DISCARD_ID:
            if not pile:
                raise self._illegal(action, player, "the discard pile is empty (P9)")
            card = pile[-1]
            pile = pile[:-1]
            drawn = card + PILE_FLAG
            history = (*history, PILE_DRAWS[player][card])
        else:
            if not stock:
                stock, pile, rebuilt = self._rebuild(state, action, player, stock_order)
                history = (*history, RebuiltStock(cards=tuple(CARDS[i] for i in rebuilt)))
            elif stock_order is not None:
                raise InvalidConfigError(
                    "stock_order is only for a draw that rebuilds the stock (P10); "
                    "the stock is not empty"
                )
            card = stock[-1]
            stock = stock[:-1]
            drawn = card
            if card == state.table.wild and not rebuilt:
                history = (*history, DrewFromStock(player=PlayerId(player), card=CARDS[card]))
            else:
                history = (*history, STOCK_DRAWS[player])
        hand = tuple(sorted((*hands[player], card)))
        return make_state(
            state.table,
            (*hands[:player], hand, *hands[player + 1 :]),
            stock,
            pile,
            player,
            drawn,
            state._turns,  # noqa: SLF001
            state._caller,  # noqa: SLF001
            state._end,  # noqa: SLF001
            rebuilt,
            history,
        )

    def _rebuild(
        self,
        state: PaiuteState,
        action: PaiuteAction,
        player: int,
        stock_order: Sequence[Card] | None,
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Shuffle the discards (but the top one, by default) into a new stock (P10).

        Returns the new stock (top last), the new discard pile and the shuffled cards sorted.
        """
        pile = state._pile  # noqa: SLF001
        keep = self._keep
        shuffled = pile[: len(pile) - keep]
        if not shuffled:
            below = "below its top card " if keep else ""
            raise self._illegal(
                action,
                player,
                f"the stock and the discard pile {below}are both empty, so there is nothing "
                "to draw from the stock (P10)",
            )
        if stock_order is None:
            order = list(shuffled)
            rebuilds = sum(isinstance(event, RebuiltStock) for event in state._history)  # noqa: SLF001
            rebuild_rng(state.table.chance_key, state.table.deal, rebuilds).shuffle(order)
            top_first = tuple(order)
        else:
            top_first = check_order(stock_order, shuffled, "stock_order")
        return top_first[::-1], pile[len(pile) - keep :], tuple(sorted(shuffled))

    def _finish_turn(
        self,
        state: PaiuteState,
        action: PaiuteAction,
        aid: int,
        player: int,
        deck: tuple[int, ...] | None,
    ) -> PaiuteState:
        """Discard, call or show six, then pass the turn or end the deal (P9-P14, P21)."""
        drawn = state._drawn  # noqa: SLF001
        if drawn < 0:
            if CALL_BASE <= aid < SHOW_SIX_ID:
                reason = "draw first: a player may call only after drawing (P9, P11)"
            else:
                reason = "draw first: a turn starts with exactly one draw (P9)"
            raise self._illegal(action, player, reason)
        hand = state._hands[player]  # noqa: SLF001
        pile = state._pile  # noqa: SLF001
        caller = state._caller  # noqa: SLF001
        end = state._end  # noqa: SLF001
        history = state._history  # noqa: SLF001
        if aid < CALL_BASE:
            card = aid - DISCARD_BASE
            hand = self._without(action, player, hand, card, drawn)
            pile = (*pile, card)
            history = (*history, DISCARDS[player][card])
        elif aid < SHOW_SIX_ID:
            hand, pile, event = self._call(state, action, aid, player)
            caller = player
            if self._config.final_turns == "complete_round":
                end = state.table.dealer
            else:
                end = (player - 1) % self._n
            history = (*history, event)
        else:
            history = (*history, self._show_six(state, action, player))
        hands = state._hands  # noqa: SLF001
        hands = (*hands[:player], hand, *hands[player + 1 :])
        turns = state._turns + 1  # noqa: SLF001
        if caller >= 0:
            over = player == end
        else:
            max_turns = self._max_turns
            over = max_turns is not None and turns >= max_turns
        following = -1 if over else (player + 1) % self._n
        successor = make_state(
            state.table,
            hands,
            state._stock,  # noqa: SLF001
            pile,
            following,
            -1,
            turns,
            caller,
            end,
            state._rebuilt,  # noqa: SLF001
            history,
        )
        return end_deal(self._config, successor, next_deck=deck) if over else successor

    def _call(
        self, state: PaiuteState, action: PaiuteAction, aid: int, player: int
    ) -> tuple[tuple[int, ...], tuple[int, ...], Called]:
        """Check a call (P11); return the caller's shown hand, the pile and the event."""
        if state._caller >= 0:  # noqa: SLF001
            raise self._illegal(
                action,
                player,
                f"player {state._caller} has already called; a final turn ends with a "  # noqa: SLF001
                "discard or ShowSix() (P12, P13)",
            )
        hand = state._hands[player]  # noqa: SLF001
        pile = state._pile  # noqa: SLF001
        wild_rank = (state.table.wild >> 2) + 2
        if aid == CALL_SIX_ID:
            value = evaluate_indices(hand, wild_rank)
            if value is None:
                raise self._illegal(
                    action, player, "the six cards form no six-card combination (P11, P15)"
                )
            discard = None
        else:
            card = aid - CALL_BASE
            hand = self._without(action, player, hand, card, state._drawn)  # noqa: SLF001
            value = evaluate_indices(hand, wild_rank, self._ace_low)
            if value is None:
                raise self._illegal(
                    action, player, "the other five cards form no five-card combination (P11, P15)"
                )
            pile = (*pile, card)
            discard = CARDS[card]
        event = Called(
            player=PlayerId(player),
            discard=discard,
            shown=tuple(CARDS[c] for c in hand),
            value=value,
        )
        return hand, pile, event

    def _show_six(self, state: PaiuteState, action: PaiuteAction, player: int) -> ShowedSix:
        """Check a six-card show in a final turn (P13); return its event."""
        if state._caller < 0:  # noqa: SLF001
            raise self._illegal(
                action,
                player,
                "ShowSix() is only for a final turn after a call; to call with six cards "
                "use Call(discard=None) (P11, P13)",
            )
        hand = state._hands[player]  # noqa: SLF001
        value = evaluate_indices(hand, (state.table.wild >> 2) + 2)
        if value is None:
            raise self._illegal(
                action, player, "the six cards form no six-card combination (P13, P15)"
            )
        return ShowedSix(player=PlayerId(player), shown=tuple(CARDS[c] for c in hand), value=value)

    def _without(
        self, action: PaiuteAction, player: int, hand: tuple[int, ...], card: int, drawn: int
    ) -> tuple[int, ...]:
        """The hand after discarding ``card``, if that discard is allowed (P9)."""
        if drawn == card + PILE_FLAG:
            raise self._illegal(
                action,
                player,
                "a card taken from the discard pile cannot be discarded this turn (P9)",
            )
        try:
            i = hand.index(card)
        except ValueError:
            raise self._illegal(
                action, player, "the card is not in the player's hand (P9)"
            ) from None
        return hand[:i] + hand[i + 1 :]

    # --- information ----------------------------------------------------------------------

    def observe(self, state: PaiuteState, player: PlayerId | None) -> PaiuteObservation:
        """What ``player`` may know (see :class:`PaiuteObservation`); None: a spectator's view.

        Raises:
            ValueError: ``player`` is neither a seat nor None.
        """
        return observe(self._config, state, player)

    def determinize(self, observation: PaiuteObservation, rng: random.Random) -> PaiuteState:
        """A full state consistent with ``observation``, hidden cards drawn from ``rng``.

        Other hands and the stock are filled at random from the cards the observer cannot
        see, keeping every card the public history places (cards taken from the discard pile
        and not yet discarded, shown hands, the turned wild card at the bottom of the stock,
        the cards of a rebuilt stock). The chance key is fresh from ``rng``.
        """
        return determinize(self._config, observation, rng)
