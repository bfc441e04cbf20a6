"""Random playouts on a private mutable table: what a search's rollouts spend their time in.

:meth:`Paiute.random_playout <cardgames.paiute.Paiute.random_playout>` plays uniformly random
legal actions, drawn with a caller's ``randbelow``, and returns the state they lead to. It
gives exactly what this loop over the public protocol gives, with the very same calls of
``randbelow`` (the same arguments, as many of them)::

    steps = 0
    while steps != (-1 if limit is None else limit) and (actions := game.legal_actions(state)):
        if horizon is not None and game.round_index(state) != horizon:
            break
        state = game.apply(state, actions[randbelow(len(actions))])
        steps += 1
    return state

A random deal is long (a few hundred actions at four seats: random play seldom calls), and
the loop builds an immutable state for every action. :func:`play_randomly` instead plays
whole turns on lists (the hands in card order, the stock with its next card last, the discard
pile) and counts each step's legal actions the way :meth:`~cardgames.paiute.Paiute.legal_actions`
lists them: the draws (P9, P10), the discards in card order less the card taken from the pile
(P9), then the calls (P11) or, in a final turn, the six-card show (P13), which one look-up of
the hand's natural-rank key (kept up to date as cards come and go) mostly rules out. Draws
(stock rebuilds and the public draw of the turned wild card included, P6, P10) and the
discards of a deal that goes on are played there. The rest is rare and is left to the engine,
so that every rule it enforces stays in one place: a call or a six-card show drawn there is
applied by :meth:`~cardgames.paiute.Paiute.apply` to the state built at that point, and the
loop above plays, one action at a time, the turn whose discard ends the deal (P12-P14, P21),
a turn under way where the playout starts, and a draw just before the limit. Only the states
of those points and the final state are built.

The final state's history holds the same events as the loop's, added to the history of the
state the playout started from a chunk at a time (:meth:`~cardgames.sequence.Chain.extended`),
sharing its events as :meth:`~cardgames.paiute.Paiute.apply` would.

When ``randbelow`` is ``rng._randbelow`` of a plain :class:`random.Random` (as a search passes
it), the whole turns' draws are made inline from ``rng.getrandbits``, the very calls that
``_randbelow`` makes (:mod:`cardgames.draws`), which saves a Python call on every draw.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from cardgames.draws import plain_getrandbits
from cardgames.errors import InvalidConfigError
from cardgames.paiute.action import ACTIONS, CALL_BASE, CALL_SIX_ID, DISCARD_BASE, SHOW_SIX_ID
from cardgames.paiute.hands import (
    CALL_KEYS,
    NATURAL_MASK_BY_WILD_CARD,
    RANK_WEIGHT,
    SHOW_KEYS,
    call_options_indices,
)
from cardgames.paiute.history import (
    DISCARDS,
    PILE_DRAWS,
    STOCK_DRAWS,
    DrewFromStock,
    PaiuteEvent,
    RebuiltStock,
)
from cardgames.paiute.session import rebuild_rng, shuffle
from cardgames.paiute.state import (
    CARDS,
    DRAWN,
    DrawnCard,
    PaiuteState,
    state_of_log,
)
from cardgames.sequence import log_extended

if TYPE_CHECKING:
    from cardgames.paiute.action import PaiuteAction
    from cardgames.paiute.game import Paiute

__all__ = ["play_randomly"]

_DISCARD_ACTIONS: Final = ACTIONS[DISCARD_BASE : DISCARD_BASE + 52]
_CALL_ACTIONS: Final = ACTIONS[CALL_BASE : CALL_BASE + 52]
_CALL_SIX: Final = ACTIONS[CALL_SIX_ID]
_SHOW_SIX: Final = ACTIONS[SHOW_SIX_ID]
_FROM_STOCK: Final = DRAWN[0]
"""Interned draws from the stock, by card index."""
_TAKEN: Final = DRAWN[1]
"""Interned draws from the discard pile, by card index."""
_NEVER: Final = 1 << 62
"""A turn count no deal reaches."""


def _bad_draw(value: object, count: int) -> InvalidConfigError:
    return InvalidConfigError(
        f"randbelow({count}) must return an int from 0 to {count - 1}, not {value!r}"
    )


def _check_bound(name: str, value: object) -> None:
    if value is not None and type(value) is not int:
        raise InvalidConfigError(f"{name} must be an int or None, not {value!r}")


def _rare_choice(  # noqa: PLR0913, PLR0917 - the hand and what its choices depend on
    six: tuple[int, ...],
    forbidden: int | None,
    discarding: int,
    caller: int | None,
    wild: int,
    ace_low: bool,
    randbelow: Callable[[int], int],
) -> tuple[int, PaiuteAction | None]:
    """Draw among the discards and the calls (P11) or the six-card show (P13) of ``six``.

    Returns the discard's position among the ``discarding`` discards and None, or the call
    or show drawn (with its position).
    """
    calls: tuple[tuple[int | None, object], ...] = ()
    if caller is None:
        calls = call_options_indices(six, (wild >> 2) + 2, ace_low, forbidden)
        count = discarding + len(calls)
    else:
        count = discarding + 1
    r = randbelow(count)
    if not 0 <= r < count:
        raise _bad_draw(r, count)
    if r < discarding:
        return r, None
    if calls:
        discard = calls[r - discarding][0]
        return r, _CALL_SIX if discard is None else _CALL_ACTIONS[discard]
    return r, _SHOW_SIX


def play_randomly(  # noqa: C901, PLR0912, PLR0915 - one loop, its state in locals for speed
    game: Paiute,
    state: PaiuteState,
    randbelow: Callable[[int], int],
    horizon: int | None,
    limit: int | None,
) -> PaiuteState:
    """The state after random legal actions (see the module's docstring for the contract).

    Raises:
        InvalidConfigError: ``horizon`` or ``limit`` is neither an int nor None, or
            ``randbelow(n)`` returned something other than an int in ``range(n)``.
    """
    _check_bound("horizon", horizon)
    _check_bound("limit", limit)
    config = game.config
    n = config.num_players
    keep = 1 if config.reshuffle_keep_top_discard else 0
    ace_low = config.ace_low_straight
    max_turns = config.max_turns
    following = tuple((seat + 1) % n for seat in range(n))
    weight = RANK_WEIGHT
    stock_draws, pile_draws, discards = STOCK_DRAWS, PILE_DRAWS, DISCARDS
    legal_actions, apply = game.legal_actions, game.apply
    # the whole turns' draws are made inline for a plain random.Random (cardgames.draws)
    bits = plain_getrandbits(randbelow)
    stop = -1 if limit is None else limit
    steps = 0
    while (
        steps != stop
        and (actions := legal_actions(state))
        and (horizon is None or state.table.deal == horizon)
    ):
        turns = state.turns_played
        player: int = state.current_player  # type: ignore[assignment]  # the deal goes on
        caller = state.caller
        # the turn whose discard ends the deal: the last final turn after a call (P12), the
        # turn that reaches max_turns without one (P21)
        if caller is not None:
            last_turn = turns + (state.last_to_play - player) % n  # type: ignore[operator]
        else:
            last_turn = _NEVER if max_turns is None else max_turns - 1
        # whole turns left before the limit
        turns_left = (stop - steps) // 2 if stop >= 0 else _NEVER
        if state.drawn is not None or not turns_left or turns >= last_turn:
            # a turn under way (where the playout starts), the action before the limit, or
            # the deal's last turn: one action as the loop plays it
            r = randbelow(len(actions))
            if not 0 <= r < len(actions):
                raise _bad_draw(r, len(actions))
            state = apply(state, actions[r])
            steps += 1
            continue
        # whole turns of one deal, played on lists, up to a turn left to the loop above or an
        # action left to apply
        checkpoint = min(last_turn, turns + turns_left)
        first_turn = turns
        table = state.table
        wild = table.wild
        mask = NATURAL_MASK_BY_WILD_CARD[wild]
        hands = [list(hand) for hand in state.hand_indices]
        weights = [sum(weight[card] for card in hand) for hand in hands]
        stock = list(state.stock_indices)
        pile = list(state.pile_indices)
        # after a call, the calls are over and a six-card show is possible (P11, P13)
        keys = CALL_KEYS[ace_low] if caller is None else SHOW_KEYS
        rebuilt = state.rebuilt_indices
        # the turned card, when it lies at the bottom of the stock: its draw is public (P6)
        known = wild if not rebuilt and config.wild_indicator_in_play else -1
        events: list[PaiuteEvent] = []
        record = events.append
        rebuilds = -1  # the rebuilds of this deal so far, once a rebuild needs them
        action: PaiuteAction | None = None
        drawn: DrawnCard | None = None
        while turns < checkpoint:
            # DrawStock() (the stock, or the discards that rebuild it, can always give a card:
            # the hands hold at most 26 of the 51 cards in play, P2, P10) or DrawDiscard()
            hand = hands[player]
            if bits is None:
                r = randbelow(2) if pile else randbelow(1)
            elif pile:  # randbelow(2) inline: two bits, drawn again while 2 or 3
                r = bits(2)
                while r >= 2:
                    r = bits(2)
            else:  # randbelow(1) inline: one bit, drawn again while 1
                r = bits(1)
                while r:
                    r = bits(1)
            if r == 0:
                if not stock:  # rebuild the stock from the discards (P10)
                    if rebuilds < 0:
                        rebuilds = state.history.count_type(RebuiltStock)
                    cut = len(pile) - keep
                    stock = pile[:cut]
                    del pile[:cut]
                    rebuilt = tuple(sorted(stock))
                    shuffle(stock, rebuild_rng(table.chance_key, table.deal, rebuilds))
                    rebuilds += 1
                    stock.reverse()  # the first card of the shuffle is drawn first
                    record(RebuiltStock(cards=tuple(map(CARDS.__getitem__, rebuilt))))
                    known = -1
                got = stock.pop()
                if got == known:
                    record(DrewFromStock(player=player, card=CARDS[got]))  # type: ignore[arg-type]
                else:
                    record(stock_draws[player])
                insort(hand, got)
                # then a discard of the six in card order (P9), or a call (P11) or a six-card
                # show (P13), which the hand's natural-rank key mostly rules out at once
                held = weights[player] + weight[got]
                if held & mask in keys:
                    r, action = _rare_choice(tuple(hand), None, 6, caller, wild, ace_low, randbelow)
                    if action is not None:
                        drawn = _FROM_STOCK[got]
                        break
                elif bits is None:
                    r = randbelow(6)
                    if not 0 <= r < 6:
                        raise _bad_draw(r, 6)
                else:  # randbelow(6) inline: three bits, drawn again while 6 or 7
                    r = bits(3)
                    while r >= 6:
                        r = bits(3)
                card = hand.pop(r)
            elif r == 1 and pile:
                got = pile.pop()
                record(pile_draws[player][got])
                # then a discard of the five others in card order: the card taken from the
                # pile cannot go back this turn (P9), or a call or a show as above
                held = weights[player] + weight[got]
                if held & mask in keys:
                    r, action = _rare_choice(
                        tuple(sorted((*hand, got))), got, 5, caller, wild, ace_low, randbelow
                    )
                    if action is not None:
                        insort(hand, got)
                        drawn = _TAKEN[got]
                        break
                elif bits is None:
                    r = randbelow(5)
                    if not 0 <= r < 5:
                        raise _bad_draw(r, 5)
                else:  # randbelow(5) inline: three bits, drawn again while 5 to 7
                    r = bits(3)
                    while r >= 5:
                        r = bits(3)
                card = hand.pop(r)
                insort(hand, got)
            else:
                raise _bad_draw(r, 2 if pile else 1)
            weights[player] = held - weight[card]
            pile.append(card)
            record(discards[player][card])
            turns += 1
            player = following[player]
        steps += 2 * (turns - first_turn)
        log = state._log  # type: ignore[attr-defined]  # noqa: SLF001 - the history's log
        state = state_of_log(
            table,
            tuple(map(tuple, hands)),
            tuple(stock),
            tuple(pile),
            player,
            drawn,
            turns,
            caller,
            state.last_to_play,
            rebuilt,
            log_extended(log, events) if events else log,
        )
        if action is not None:  # a call or a six-card show, the turn's two actions
            state = apply(state, action)
            steps += 2
    return state
