"""Paiute's ``determinize`` as it was before this branch, kept to measure its speed-up.

:func:`reference_determinize` is :func:`cardgames.paiute.observation.determinize` of the
previous release of the performance work (the history walked in full at every call, the
observation's facts worked out again for every sample, the shuffle drawing one word a card),
on today's state classes. It draws the very same states for the same generator
(``tests/paiute/test_paiute_fast_path.py`` checks that), so ``benchmarks/run.py`` can time
both in the same rounds: the ratio is this branch's speed-up, whatever the machine's load.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Final

from cardgames.cards import Card
from cardgames.errors import InvalidStateError
from cardgames.paiute.action import INDEX_BY_RANK_SUIT
from cardgames.paiute.config import PaiuteConfig
from cardgames.paiute.history import (
    Called,
    Discarded,
    DrewFromDiscard,
    DrewFromStock,
    RebuiltStock,
    ShowedSix,
)
from cardgames.paiute.invariants import check_config_fit
from cardgames.paiute.observation import PaiuteObservation
from cardgames.paiute.state import DRAWN, PaiuteState, Shows, Table, check_fields, unchecked_state
from cardgames.sequence import Chain

__all__ = ["reference_determinize"]

_ALL_CARDS: Final = frozenset(range(52))
_INDEX: Final = INDEX_BY_RANK_SUIT


def _index(card: Card) -> int:
    """The dense index of ``card``."""
    return _INDEX[card.rank][card.suit]


def shuffle(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, inlined as before: one ``getrandbits`` call per position."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _public_record(
    observation: PaiuteObservation,
) -> tuple[list[set[int]], tuple[int, ...], Shows]:
    """What the history places: the known cards, the latest rebuild, the calls and shows.

    Returns :func:`known_cards` as indices, the cards of the latest stock rebuild (P10) and
    the :class:`~cardgames.paiute.state.Shows` of the deal (P11, P13), from one pass over the
    history that also checks it as :meth:`~cardgames.paiute.state.Shows.scan` would.

    Raises:
        InvalidStateError: the history holds something other than Paiute events naming seats.
    """
    n = len(observation.hand_sizes)
    # Seats index ``known``; the padding after them makes a seat from n to 2n - 1 or from -n
    # to -1 fail as a seat past the end does, so that no event can name a seat that does not
    # exist.
    known: list[Any] = [set() for _ in range(n)] + [_NOT_A_SEAT] * n
    shows = Shows()
    try:
        rebuilt = _walk(observation.history, known, shows)
    except (AttributeError, IndexError, TypeError):
        raise InvalidStateError(
            "invalid Paiute state: every event of the history must name a seat and cards (P1)"
        ) from None
    del known[n:]
    results = observation.results
    if (
        observation.current_player is None
        and results
        and results[-1].caller is not None
        and results[-1].deal == observation.deal_number
    ):
        known = [set(map(_index, shown)) for shown in results[-1].shown]
    if observation.player is not None:
        known[observation.player] = set()
    return known, rebuilt, shows


class _NotASeat:
    """What stands after the seats in :func:`_walk`'s ``known``: truthy, with no set method."""

    __slots__ = ()


_NOT_A_SEAT: Final = _NotASeat()


def _walk(history: Iterable[object], known: list[Any], shows: Shows) -> tuple[int, ...]:
    """Follow the known cards of each seat through ``history``; the latest rebuilt cards.

    Raises:
        InvalidStateError: an item is not a Paiute event.
        AttributeError, IndexError, TypeError: an event names no seat (see the caller).
    """
    rebuilt: tuple[int, ...] = ()
    index = _INDEX
    for event in history:
        if type(event) is Discarded:
            seat = known[event.player]
            if seat:  # the card was known only if the seat holds known cards
                card = event.card
                seat.discard(index[card.rank][card.suit])
        elif type(event) is DrewFromStock:
            if event.card is None:
                len(known[event.player])  # only the seat check
            else:
                known[event.player].add(index[event.card.rank][event.card.suit])
        elif type(event) is DrewFromDiscard:
            card = event.card
            known[event.player].add(index[card.rank][card.suit])
        elif type(event) is Called or type(event) is ShowedSix:
            seat = known[event.player]
            seat.clear()
            seat.update(map(_index, event.shown))
            shows.add(event)
        elif type(event) is RebuiltStock:
            rebuilt = tuple(map(_index, event.cards))
        else:
            raise InvalidStateError(f"invalid Paiute state: not a Paiute event: {event!r}")
    return rebuilt


def _hidden_cards(
    config: PaiuteConfig, observation: PaiuteObservation, known: list[set[int]]
) -> tuple[list[int], tuple[int, ...]]:
    """The cards ``observation.player`` cannot place, and the stock's known bottom (P6).

    Raises:
        InvalidStateError: the observation places a card twice (P2).
    """
    wild = _index(observation.wild_card)
    seen = set(map(_index, observation.hand))
    seen.update(map(_index, observation.discard_pile))
    placed = len(observation.hand) + len(observation.discard_pile)
    bottom: tuple[int, ...] = ()
    if not config.wild_indicator_in_play or observation.wild_card_in_stock:
        seen.add(wild)
        placed += 1
        if config.wild_indicator_in_play:
            bottom = (wild,)
    for cards in known:
        seen |= cards
        placed += len(cards)
    if len(seen) != placed:
        raise InvalidStateError(
            "invalid Paiute state: the observation places a card in more than one place (P2)"
        )
    return sorted(_ALL_CARDS - seen), bottom


def _split_stock(
    unknown: list[int], rebuilt: tuple[int, ...], stock_slots: int, rng: random.Random
) -> tuple[tuple[int, ...], list[int]]:
    """Draw the stock from ``unknown`` (from a rebuilt stock's cards if any, P10); the rest."""
    shuffle(unknown, rng)
    if rebuilt:
        in_rebuild = set(rebuilt)
        could_be_stock = [card for card in unknown if card in in_rebuild]
        stock = tuple(could_be_stock[:stock_slots])
        rest = [card for card in unknown if card not in in_rebuild] + could_be_stock[stock_slots:]
        shuffle(rest, rng)
    else:
        stock = tuple(unknown[:stock_slots])
        rest = unknown[stock_slots:]
    if len(stock) != stock_slots:
        raise InvalidStateError("the observation is inconsistent: too few cards for the stock")
    return stock, rest


def reference_determinize(
    config: PaiuteConfig, observation: PaiuteObservation, rng: random.Random
) -> PaiuteState:
    """A full state consistent with ``observation``; hidden cards are drawn from ``rng``.

    Observing the result as ``observation.player`` gives back ``observation``.

    Raises:
        InvalidStateError: the observation is inconsistent: its cards cannot fill the hands,
            or the state they make breaks a rule (the message names it), or it is not a
            Paiute observation.
    """
    if not isinstance(observation, PaiuteObservation):
        raise InvalidStateError(f"not a Paiute observation: {type(observation).__name__}")
    me = observation.player
    known, rebuilt, shows = _public_record(observation)
    unknown, bottom = _hidden_cards(config, observation, known)
    stock, rest = _split_stock(unknown, rebuilt, observation.stock_size - len(bottom), rng)
    hands: list[tuple[int, ...]] = []
    drawn = -1 if observation.drawn_card is None else _index(observation.drawn_card)
    for seat, size in enumerate(observation.hand_sizes):
        if seat == me:
            hands.append(tuple(sorted(map(_index, observation.hand))))
            continue
        missing = size - len(known[seat])
        if not 0 <= missing <= len(rest):
            raise InvalidStateError(
                "the observation is inconsistent: hand sizes do not fit its cards"
            )
        sampled, rest = rest[:missing], rest[missing:]
        if seat == observation.current_player and observation.has_drawn and drawn < 0:
            if not sampled:
                raise InvalidStateError("the observation is inconsistent: no hidden drawn card")
            drawn = sampled[rng.randrange(len(sampled))]
        hands.append(tuple(sorted((*known[seat], *sampled))))
    if rest:
        raise InvalidStateError("the observation is inconsistent: cards left over")
    table = Table(
        stacks=observation.stacks,
        pot=observation.pot,
        dealer=observation.dealer,
        deal=observation.deal_number,
        wild=_index(observation.wild_card),
        results=observation.results,
        chance_key=rng.getrandbits(64),
    )
    history = observation.history
    if type(history) is not Chain:
        raise InvalidStateError("invalid Paiute state: the history must be a tuple of events")
    state = unchecked_state(
        table,
        tuple(hands),
        bottom + stock,
        tuple(map(_index, observation.discard_pile)),
        observation.current_player,
        None if drawn < 0 else DRAWN[observation.drawn_from_discard][drawn],
        observation.turns_played,
        observation.caller,
        observation.last_to_play,
        rebuilt,
        history,
    )
    if list(rebuilt) != sorted(set(rebuilt)):
        raise InvalidStateError(
            "invalid Paiute state: rebuilt_indices must be different cards in increasing "
            "order (P10)"
        )
    # _public_record walked the history; every card is placed once: the seen cards are
    # different (_hidden_cards) and the others are dealt out exactly (_split_stock, the hands)
    check_fields(state, shows, cards_placed=True)
    check_config_fit(config, state, shows)
    return state
