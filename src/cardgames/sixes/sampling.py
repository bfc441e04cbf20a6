"""Sampling the hidden Sixes hands so that they agree with what the round has revealed.

Two things of the round are public knowledge beyond the hand sizes:

- before the opening the player to act holds the 6♦ (S5);
- under ``must_play_if_able`` (S7) a player who passed held no card that was playable at that
  moment, and since hands only shrink during a round they still hold none of those cards.

:func:`pass_exclusions` replays the round's history to find, for each seat, the cards it cannot
hold; :func:`determinize` deals the unseen cards to the other seats under those constraints.
Constrained cards are placed first, most constrained first, each in an allowed hand chosen with
probability proportional to its free room (with a single passer this is exactly the uniform
distribution over consistent deals); after a few dead ends an augmenting-path matching places
them, so a deal is found whenever one exists. The unconstrained cards are then dealt uniformly
into the remaining room.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter, is_, itemgetter
from typing import Any, Final, NamedTuple, TypeAlias

from cardgames.cards import Card
from cardgames.errors import InvalidStateError
from cardgames.sixes.action import Pass, Play, SixesTurn
from cardgames.sixes.config import PLAYER_COUNTS
from cardgames.sixes.deck import (
    BITS,
    DECK_SIZE,
    FULL_MASK,
    GROWTH,
    INDEX_BY_CARD_INDEX,
    PLAIN_DRAWS,
    SHUFFLE_STEPS,
    SIX_OF_DIAMONDS_BIT,
    SIXES_DECK,
    columns_of,
    mask_of_cards,
    mask_of_columns,
    mask_of_distinct,
    mask_reader,
    playable_mask,
    shuffle,
)
from cardgames.sixes.observation import (
    DealFacts,
    SixesObservation,
    deal_facts,
    deal_unseen,
    state_with_hands,
)
from cardgames.sixes.state import SixesState, check_state

__all__ = ["Replay", "Sampler", "determinize", "pass_exclusions", "prepare", "replay", "sample"]

_PLAYER_AND_ACTION: Final = attrgetter("player", "action")
"""A turn's two fields in one C call (the replay reads them from every turn)."""
_GREEDY_ATTEMPTS: Final = 8
"""Randomized placements tried before the exact matching takes over."""
_PLAY_STEPS: Final = tuple(
    None if index is None else (BITS[index], GROWTH[index]) for index in INDEX_BY_CARD_INDEX
)
"""By a card's 52-card :attr:`~cardgames.cards.Card.index`: the bit of its play and the cards
that play makes playable (S6); None for an 8, 9 or 10 (S2)."""


class Replay(NamedTuple):
    """What replaying a round's history finds out (see :func:`replay`)."""

    excluded: tuple[int, ...]
    """For each seat, the cards it cannot hold given its passes (S7); none without the option."""
    table: int | None
    """The table the history builds, when every turn is by a seat, every action a
    :class:`Play` or :class:`Pass` and every play legal in its turn (S5, S6); else None."""
    playable: int
    """The cards playable on the replayed table (S5, S6)."""


def replay(observation: SixesObservation, *, must_play_if_able: bool) -> Replay:
    """Replay the round's history of ``observation`` from the empty table (S5, S6, S7).

    One pass finds the cards each passer cannot hold (under ``must_play_if_able`` a pass
    rules out every card playable at that moment, and hands only shrink) and whether the
    history is a legal sequence of turns by seats; then its table is known to be valid and its
    plays to be the table's cards, once each (see :func:`~cardgames.sixes.state.check_state`).

    Raises:
        InvalidStateError: Under ``must_play_if_able``, a player plays a card that was
            playable at one of their earlier passes, which no real round can show (S7).
    """
    seats = len(observation.hand_sizes)
    return _replay(
        observation.history,
        seats,
        [0] * seats,
        SIX_OF_DIAMONDS_BIT,
        0,
        must_play_if_able=must_play_if_able,
    )


def _replay(  # noqa: C901, PLR0912, PLR0913 - one pass, the common turns first
    turns: Sequence[SixesTurn],
    count: int,
    excluded: list[int],
    playable: int,
    table: int,
    *,
    must_play_if_able: bool,
) -> Replay:
    """:func:`replay` of ``turns`` for ``count`` seats, from a sound replay's position.

    ``excluded``, ``playable`` and ``table`` are where a sound replay of the turns before
    ``turns`` left off (nothing, the 6♦ and the empty table at the start of a round);
    ``excluded`` is updated in place.
    """
    seats = range(count)
    sound = True
    steps = _PLAY_STEPS
    for player, action in map(_PLAYER_AND_ACTION, turns):
        kind = action.__class__
        if player in seats:
            if kind is Play:
                card = action.card
                if card.__class__ is Card:
                    step = steps[card.index]
                    if step is not None:
                        bit, growth = step
                        if playable & bit and not (table | excluded[player]) & bit:
                            # The common turn: a seat's legal play of a card it never passed on.
                            playable = (playable ^ bit) | growth
                            table |= bit
                            continue
            elif kind is Pass:  # the other common turn: a seat's pass
                if must_play_if_able:
                    excluded[player] |= playable
                continue
            seated = True
        else:
            sound = seated = False
            if kind is Pass:
                continue
        # Every other turn: anything the state check has to look at.
        if kind is not Play:
            sound = False
            continue
        card = action.card
        index = INDEX_BY_CARD_INDEX[card.index] if card.__class__ is Card else None
        if index is None:  # not a Sixes card: the state check will say what it makes of it
            sound = False
            continue
        bit = 1 << index
        if must_play_if_able and seated and excluded[player] & bit:
            raise InvalidStateError(
                f"player {player} plays {SIXES_DECK[index].unicode} after passing while it "
                "was playable (S7)"
            )
        if playable & bit and not table & bit:
            playable = (playable ^ bit) | GROWTH[index]
            table |= bit
        else:  # not a legal sequence: the state check will say so; keep the table right
            sound = False
            table |= bit
            playable = playable_mask(table)
    return _new(Replay, (tuple(excluded), table if sound else None, playable))


def pass_exclusions(observation: SixesObservation, *, must_play_if_able: bool) -> tuple[int, ...]:
    """For each seat, the bitmask of cards it cannot hold given the round's passes (S7).

    The table is rebuilt turn by turn from the history (which starts with the 6♦, S5); a pass
    under ``must_play_if_able`` rules out every card playable at that moment. Without the
    option passing is voluntary and nothing is ruled out.

    Args:
        observation: The view whose public history is replayed.
        must_play_if_able: Whether a player who can play must (S7).

    Raises:
        InvalidStateError: A player plays a card that was playable at one of their earlier passes,
            which no real round can show (S7).
    """
    if not must_play_if_able:
        return (0,) * len(observation.hand_sizes)
    return replay(observation, must_play_if_able=True).excluded


def _pick(rng: random.Random, seats: Sequence[int], room: Sequence[int]) -> int | None:
    """A seat of ``seats`` with room, chosen with probability proportional to its room."""
    total = 0
    for seat in seats:
        total += room[seat]
    if not total:
        return None
    draw = rng.randrange(total)
    for seat in seats:
        draw -= room[seat]
        if draw < 0:
            return seat
    raise AssertionError  # pragma: no cover - the draw is below the total


def _place_greedily(
    rng: random.Random,
    cards: Sequence[int],
    allowed: Mapping[int, Sequence[int]],
    room: Sequence[int],
    lengths: Mapping[int, int],
) -> dict[int, int] | None:
    """Place ``cards`` most constrained first, each by :func:`_pick`; None at a dead end.

    ``lengths[card]`` is ``len(allowed[card])``, the sort key. The readable form of what
    :func:`_deal_constrained` does for a plain ``random.Random``, with the same draws.
    """
    order = list(cards)
    shuffle(rng, order)
    order.sort(key=lengths.__getitem__)
    left = list(room)
    placed = {}
    for card in order:
        seat = _pick(rng, allowed[card], left)
        if seat is None:
            return None
        left[seat] -= 1
        placed[card] = seat
    return placed


def _place_exactly(
    rng: random.Random,
    cards: Sequence[int],
    allowed: Mapping[int, Sequence[int]],
    room: Sequence[int],
) -> dict[int, int] | None:
    """Place ``cards`` by augmenting paths (a bipartite b-matching); None when impossible."""
    placed: dict[int, int] = {}
    holding: dict[int, list[int]] = {seat: [] for seat in range(len(room))}

    def settle(card: int, visited: set[int]) -> bool:
        seats = list(allowed[card])
        shuffle(rng, seats)
        for seat in seats:
            if seat in visited:
                continue
            visited.add(seat)
            if len(holding[seat]) < room[seat]:
                holding[seat].append(card)
                placed[card] = seat
                return True
            for position, other in enumerate(holding[seat]):
                if settle(other, visited):  # ``other`` moved on: ``card`` takes its place
                    holding[seat][position] = card
                    placed[card] = seat
                    return True
        return False

    order = list(cards)
    shuffle(rng, order)
    for card in order:
        if not settle(card, set()):
            return None
    return placed


def _place(
    rng: random.Random,
    cards: Sequence[int],
    allowed: Mapping[int, Sequence[int]],
    room: Sequence[int],
    lengths: Mapping[int, int] | None = None,
) -> dict[int, int]:
    """Place the constrained ``cards``: a few randomized tries, then the exact matching.

    ``lengths`` is ``len(allowed[card])`` for each card, when the caller has it. The readable
    form of the placement of :func:`_deal_constrained`, which any generator takes.

    Raises:
        InvalidStateError: No placement exists (S7).
    """
    if lengths is None:
        lengths = {card: len(seats) for card, seats in allowed.items()}
    for _ in range(_GREEDY_ATTEMPTS):
        placed = _place_greedily(rng, cards, allowed, room, lengths)
        if placed is not None:
            return placed
    placed = _place_exactly(rng, cards, allowed, room)
    if placed is None:
        raise InvalidStateError("no deal of the unseen cards agrees with the passes (S7)")
    return placed


_bits_of_mask: Final = mask_reader(BITS)
"""``_bits_of_mask(mask)``: the bit of each card of ``mask``, lowest first (only the 40 cards)."""


_Shuffler: TypeAlias = Callable[[Callable[[int], int], list[Any]], None]
"""``shuffler(rng.getrandbits, items)``: a shuffle of a list of one size (see :func:`_shuffler`)."""


@functools.lru_cache(maxsize=DECK_SIZE + 1)
def _shuffler(size: int) -> _Shuffler:
    """``shuffler(rng.getrandbits, items)`` shuffles ``size`` items as :func:`shuffle` does.

    For a plain :class:`random.Random` only (where :data:`~cardgames.sixes.deck.PLAIN_DRAWS`):
    each Fisher-Yates step of :data:`~cardgames.sixes.deck.SHUFFLE_STEPS` is its own statements
    with its constants, generated once per size (as attrs generates ``__init__``), so that a
    sample runs no loop over the step table. The very same draws, the very same order.
    """
    lines = ["def shuffler(getrandbits, items):", "    pass"]
    for i, count, bits in SHUFFLE_STEPS[size]:  # draw below ``count``, swap with position i
        lines.append(f"    j = getrandbits({bits})")
        lines += [f"    while j >= {count}:", f"        j = getrandbits({bits})"]
        lines.append(f"    items[{i}], items[j] = items[j], items[{i}]")
    namespace: dict[str, object] = {}
    exec(compile("\n".join(lines), f"<sixes shuffle of {size}>", "exec"), namespace)  # noqa: S102 - generated from constants only
    return namespace["shuffler"]  # type: ignore[return-value]


_new: Final = tuple.__new__
"""``_new(Cls, fields)``: a NamedTuple ``Cls`` of the tuple ``fields``, built without the
Python-level ``__new__`` of its class (a sampler is built for every new observation)."""

_Item: TypeAlias = tuple[int, int, tuple[int, ...]]
"""A constrained card: its bit, how many seats may hold it, and those seats (in seat order)."""
_BY_SEAT_COUNT: Final = itemgetter(1)
"""The sort key of :data:`_Item`: the most constrained cards are placed first."""


@functools.lru_cache(maxsize=4096)
def _seats_left(others: tuple[int, ...], ruled_out: int) -> tuple[int, ...]:
    """The seats of ``others`` not in ``ruled_out`` (a bitmask of seats), in seat order."""
    return tuple([seat for seat in others if not ruled_out >> seat & 1])


def _constraints(
    others: tuple[int, ...], passers: Sequence[tuple[int, int]]
) -> tuple[tuple[_Item, ...], int, bool]:
    """The unseen cards some seat cannot hold, each with the seats it may go to.

    ``passers`` are the seats of ``others`` whose passes rule out some unseen card, each with
    those cards (a bitmask of unseen cards, S7). Each card's seats are the seats of ``others``
    that do not rule it out, in seat order (as
    ``tuple(seat for seat in others if card not in excluded[seat])`` gives them); cards ruled
    out by the same seats share one tuple. Lowest card first; with the mask of those cards, and
    whether they all go to the same seats (then they need no sorting by their seats).
    """
    blocked = 0
    for _, mask in passers:
        blocked |= mask
    items = []
    shared: dict[int, tuple[int, tuple[int, ...]]] = {}
    for bit in _bits_of_mask(blocked):
        ruled_out = 0  # the seats ruling the card out, as a bitmask of seats
        for seat, mask in passers:
            if mask & bit:
                ruled_out |= 1 << seat
        seats = shared.get(ruled_out)
        if seats is None:
            left = _seats_left(others, ruled_out)
            seats = shared[ruled_out] = (len(left), left)
        items.append((bit, *seats))
    return tuple(items), blocked, len(shared) == 1


class _Constrained(NamedTuple):
    """The deal of one observation whose passes rule cards out (S7): all but the draws."""

    hands: tuple[int, ...]
    """The observer's hand at their seat, 0 elsewhere."""
    room: tuple[int, ...]
    """How many cards each other seat receives (0 at the observer's)."""
    others: tuple[int, ...]
    cards: tuple[int, ...]
    """The bits of the constrained cards, lowest first."""
    seats: tuple[int, ...] | None
    """The seats every constrained card may go to, when that is the same for all; else None."""
    total: int
    """With :attr:`seats`: the room of those seats before the constrained cards are placed."""
    items: tuple[_Item, ...]
    """Without :attr:`seats`: each constrained card with its seats (see :func:`_constraints`)."""
    free: tuple[int, ...]
    """The bits of the other unseen cards, lowest first."""
    order_shuffler: _Shuffler
    """:func:`_shuffler` of ``len(cards)``."""
    free_shuffler: _Shuffler
    """:func:`_shuffler` of ``len(free)``."""


_OTHERS: Final = tuple(
    tuple(tuple(seat for seat in range(count) if seat != me) for me in range(count))
    for count in range(max(PLAYER_COUNTS) + 1)
)
"""``_OTHERS[seats][me]``: every seat but ``me`` at a table of ``seats``, in seat order."""
_ALL_BUT: Final = tuple(
    tuple(
        tuple(tuple(seat for seat in range(count) if seat not in {me, out}) for out in range(count))
        for me in range(count)
    )
    for count in range(max(PLAYER_COUNTS) + 1)
)
"""``_ALL_BUT[seats][me][out]``: every seat but ``me`` and ``out``, in seat order."""


def _plan(
    observation: SixesObservation, own: int, seen: int, excluded: tuple[int, ...]
) -> _Constrained | None:
    """The constrained deal of ``observation`` under S7, or None when the passes rule out nothing.

    ``own`` and ``seen`` are the masks of the observer's hand and of it with the table;
    ``excluded`` is the :func:`replay`'s.

    Raises:
        InvalidStateError: The observation contradicts itself (hand sizes, the passes).
        ValueError: A spectator's observation.
    """
    me = observation.player
    if me is None:
        raise ValueError("a spectator's observation has no seat to determinize for")
    if excluded[me] & own:
        raise InvalidStateError(f"player {me} passed while holding a card they could play (S7)")
    unseen = FULL_MASK & ~seen
    sizes = observation.hand_sizes
    others = _OTHERS[len(sizes)][me]
    passers = [(seat, mask) for seat in others if (mask := excluded[seat] & unseen)]
    if not passers:
        return None
    total = sum(sizes) - sizes[me]
    if total != unseen.bit_count() or sizes[me] != len(observation.hand):
        raise InvalidStateError("the observation's hand sizes do not match its unseen cards")
    # A pass means the 6♦ is on the table: nobody is about to open (S5).
    room = list(sizes)
    room[me] = 0
    seats: tuple[int, ...] | None
    if len(passers) == 1:  # the common case: the cards one seat passed on, the others' room
        seat, blocked = passers[0]
        seats = _ALL_BUT[len(sizes)][me][seat]
        items: tuple[_Item, ...] = ()
        total -= sizes[seat]
    else:
        items, blocked, one_class = _constraints(others, passers)
        seats = None
        if one_class:
            seats = items[0][2]
            items = ()
            total = 0
            for seat in seats:
                total += room[seat]
    cards = _bits_of_mask(blocked)
    free = _bits_of_mask(unseen & ~blocked)
    hands = [0] * len(sizes)
    hands[me] = own
    return _new(
        _Constrained,
        (
            tuple(hands),
            tuple(room),
            others,
            cards,
            seats,
            total,
            items,
            free,
            _shuffler(len(cards)),
            _shuffler(len(free)),
        ),
    )


class _Uniform(NamedTuple):
    """The uniform deal of one observation (no pass rules anything out): all but the draws."""

    cards: tuple[int, ...]
    """The bits of the unseen cards, lowest first: the shuffled list."""
    six: bool
    """Whether the 6♦ is taken out of the shuffled cards: the opener holds it (S5)."""
    hands: tuple[int, ...]
    """The observer's hand at their seat, the 6♦ at the opener's, 0 elsewhere."""
    slices: tuple[tuple[int, int, int], ...]
    """``(seat, start, stop)``: each other seat receives the shuffled cards ``start:stop``."""
    shuffler: _Shuffler
    """:func:`_shuffler` of ``len(cards)``."""


def _uniform(observation: SixesObservation, own: int, seen: int, facts: DealFacts) -> _Uniform:
    """:func:`~cardgames.sixes.observation.deal_unseen` of ``observation``, worked out once.

    The same slices of the same shuffle: each seat in turn takes the next cards, the opener
    one fewer besides the 6♦ (S5). ``own`` and ``seen`` are the masks of the observer's hand
    and of it with the table.
    """
    _, opener, _ = facts
    me = observation.player
    sizes = observation.hand_sizes
    hands = [0] * len(sizes)
    hands[me] = own  # type: ignore[index]
    slices = []
    dealt = 0
    for seat in _OTHERS[len(sizes)][me]:  # type: ignore[index]
        count = sizes[seat]
        if seat == opener and count:
            hands[seat] = SIX_OF_DIAMONDS_BIT
            count -= 1
        if count:
            slices.append((seat, dealt, dealt + count))
            dealt += count
    cards = _bits_of_mask(FULL_MASK & ~seen)
    return _new(
        _Uniform,
        (cards, opener is not None, tuple(hands), tuple(slices), _shuffler(len(cards))),
    )


class Sampler(NamedTuple):
    """What every sample of one observation shares: all but the random choices.

    Built by :func:`prepare`; :func:`sample` draws from it. ``Sixes.determinize`` keeps the
    last one on the game, as a search samples one observation many times.
    """

    observation: SixesObservation
    own: int
    table_mask: int
    playable: int
    facts: DealFacts | None
    """The uniform deal's :func:`~cardgames.sixes.observation.deal_facts`, or None."""
    deal: _Uniform | _Constrained | None
    """The uniform deal, or the constrained one (S7); None with :attr:`hands`."""
    replayed: Replay
    """The :func:`replay` of the history (its :attr:`Replay.table` is for
    :func:`~cardgames.sixes.state.check_state`)."""
    must_play_if_able: bool
    """The rule the history was replayed under (S7)."""
    hands: tuple[int, ...] | None = None
    """The hands of every sample when one seat receives every unseen card, else None."""
    draws: tuple[tuple[int, int], ...] = ()
    """With :attr:`hands`: the draws a sample makes, as ``(size, bits)`` pairs: ``bits``
    random bits drawn again and again until they are below ``size`` (the Fisher-Yates steps
    of the shuffle of the unseen cards)."""


def _replay_after(
    observation: SixesObservation, last: Sampler | None, *, must_play_if_able: bool
) -> Replay:
    """:func:`replay` of ``observation``, going on from ``last`` when its history goes on.

    A round's history only grows: when the history of ``last`` (a sampler of the same table,
    replayed soundly under the same rule) is the start of this one, entry for entry the very
    same objects, only the turns after it are replayed, from where that replay left off.
    """
    history = observation.history
    seats = len(observation.hand_sizes)
    if last is not None:
        done = last.replayed
        previous = last.observation.history
        start = len(previous)
        if (
            done.table is not None
            and last.must_play_if_able is must_play_if_able
            and len(last.observation.hand_sizes) == seats
            and len(history) >= start
            and all(map(is_, history, previous))
        ):
            if len(history) == start + 1:  # the common step: one more turn
                player, action = _PLAYER_AND_ACTION(history[start])
                card = action.card if action.__class__ is Play else None
                if card.__class__ is Card and player in range(seats):
                    step = _PLAY_STEPS[card.index]
                    excluded = done.excluded
                    if step is not None and done.playable & step[0]:
                        bit, growth = step
                        if not (done.table | excluded[player]) & bit:
                            # A seat's legal play of a card it never passed on, as in _replay.
                            return _new(
                                Replay,
                                (excluded, done.table | bit, (done.playable ^ bit) | growth),
                            )
            return _replay(
                history[start:],
                seats,
                list(done.excluded),
                done.playable,
                done.table,
                must_play_if_able=must_play_if_able,
            )
    return _replay(
        history, seats, [0] * seats, SIX_OF_DIAMONDS_BIT, 0, must_play_if_able=must_play_if_able
    )


def prepare(
    observation: SixesObservation,
    *,
    must_play_if_able: bool,
    own: int | None = None,
    last: Sampler | None = None,
) -> Sampler:
    """Everything :func:`sample` needs of ``observation``, worked out once.

    ``own`` is the mask of the observer's hand when the caller knows it; ``last`` the
    sampler the caller prepared last: when this history goes on from its history (entry for
    entry the very same objects, replayed soundly under the same rule), only the turns after
    it are replayed, from where that replay left off.

    Raises:
        InvalidStateError: No deal of the unseen cards fits the observation (hand sizes, the
            6♦, the passes, a player who is no seat).
        ValueError: The same, found by the uniform deal, or a spectator's observation.
    """
    if own is None:
        own = mask_of_cards(observation.hand)
    try:
        replayed = _replay_after(observation, last, must_play_if_able=must_play_if_able)
    except Exception:
        mask_of_columns(observation.columns)  # what the columns raise, they raise first
        raise
    # The columns of every observation the engine makes are the very tuples of ``columns_of``
    # of its table: when they are those of the replayed table, that is its mask.
    replayed_table = replayed.table
    columns = observation.columns
    if replayed_table is not None and columns == columns_of(replayed_table):
        seen = own | replayed_table
    else:
        seen = own | mask_of_columns(columns)
    me = observation.player
    if me is not None and me not in range(len(observation.hand_sizes)):
        raise InvalidStateError(f"the observation's player {me!r} is not a seat at its table")
    deal: _Uniform | _Constrained | None = (
        _plan(observation, own, seen, replayed.excluded) if must_play_if_able else None
    )
    facts = hands = None
    draws: tuple[tuple[int, int], ...] = ()
    if deal is None:
        facts = deal_facts(observation, own, seen)
        if facts[2] is None:
            deal = _uniform(observation, own, seen, facts)
        else:  # one seat receives every unseen card: every sample is one deal
            hands, draws = _single_receiver(observation, own, facts)
    table = seen & ~own
    # When the replay built this very table, it knows its playable cards.
    playable = replayed.playable if replayed_table == table else playable_mask(table)
    return _new(
        Sampler,
        (observation, own, table, playable, facts, deal, replayed, must_play_if_able, hands, draws),
    )


def _shuffle_draws(size: int) -> tuple[tuple[int, int], ...]:
    """The ``(size, bits)`` draws of :func:`~cardgames.sixes.deck.shuffle` of ``size`` items."""
    return tuple((items, bits) for _, items, bits in SHUFFLE_STEPS[size])


def _single_receiver(
    observation: SixesObservation, own: int, facts: DealFacts
) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """The fixed hands and the draws of every sample, when one seat receives every unseen card.

    That is every observation of a two-player round (where a pass can rule out no unseen
    card: the passer would hold it, and so could have played it, S7). The sample is then
    always the same deal; only the random generator moves on, by the draws of the shuffle that
    deals it (see :attr:`Sampler.draws`). ``facts`` name that seat.
    """
    unseen, _, only = facts
    hands = [0] * len(observation.hand_sizes)
    hands[observation.player] = own  # type: ignore[index]
    hands[only] = mask_of_distinct(unseen)  # type: ignore[index]
    return tuple(hands), _shuffle_draws(len(unseen))


def _deal_uniform(deal: _Uniform, getrandbits: Callable[[int], int]) -> list[int]:
    """The hands of one uniform sample, drawn by a plain generator's ``getrandbits``.

    Exactly :func:`~cardgames.sixes.observation.deal_unseen`: the same shuffle of the same
    cards, the 6♦ taken out for the opener, the same slices to the same seats.
    """
    cards = list(deal.cards)
    deal.shuffler(getrandbits, cards)
    if deal.six:
        cards.remove(SIX_OF_DIAMONDS_BIT)
    hands = list(deal.hands)
    for seat, start, stop in deal.slices:
        hands[seat] |= sum(cards[start:stop])
    return hands


def _deal_constrained(plan: _Constrained, rng: random.Random) -> list[int]:
    """The hands of one constrained sample, drawn by a plain ``random.Random`` (S7).

    The draws of :func:`_place` (each greedy try: a shuffle of the constrained cards, sorted
    most constrained first, each card's seat drawn in proportion to the room left; after
    :data:`_GREEDY_ATTEMPTS` dead ends, the exact matching), then the shuffle of the free cards
    dealt seat by seat into the room that is left, made inline.

    Raises:
        InvalidStateError: No placement exists (S7).
    """
    getrandbits = rng.getrandbits
    seats = plan.seats
    if seats is None:
        placed = _place_by_classes(plan, getrandbits)
    else:  # every card may go to the same seats, whose room goes down by one a card
        placed = None
        for _ in range(_GREEDY_ATTEMPTS):
            order = list(plan.cards)
            plan.order_shuffler(getrandbits, order)
            left = list(plan.room)
            hands = list(plan.hands)
            total = plan.total
            for bit in order:
                if not total:
                    break  # a dead end: try again
                bits = total.bit_length()
                draw = getrandbits(bits)
                while draw >= total:
                    draw = getrandbits(bits)
                for drawn in seats:  # the seat the loop stops at is the one drawn
                    draw -= left[drawn]
                    if draw < 0:
                        break
                else:  # pragma: no cover - the draw is below the total
                    raise AssertionError
                left[drawn] -= 1
                hands[drawn] |= bit
                total -= 1
            else:
                placed = hands, left
                break
    hands, left = placed or _place_constrained_exactly(plan, rng)
    free = list(plan.free)
    plan.free_shuffler(getrandbits, free)
    start = 0
    for seat in plan.others:
        stop = start + left[seat]
        hands[seat] |= sum(free[start:stop])
        start = stop
    return hands


def _place_by_classes(
    plan: _Constrained, getrandbits: Callable[[int], int]
) -> tuple[list[int], list[int]] | None:
    """The greedy tries of :func:`_place`: the hands and the room left, or None (dead ends)."""
    for _ in range(_GREEDY_ATTEMPTS):
        order = list(plan.items)
        plan.order_shuffler(getrandbits, order)
        order.sort(key=_BY_SEAT_COUNT)
        left = list(plan.room)
        hands = list(plan.hands)
        for bit, _, seats in order:
            total = 0
            for seat in seats:
                total += left[seat]
            if not total:
                break  # a dead end: try again
            bits = total.bit_length()
            draw = getrandbits(bits)
            while draw >= total:
                draw = getrandbits(bits)
            for drawn in seats:  # the seat the loop stops at is the one drawn
                draw -= left[drawn]
                if draw < 0:
                    break
            else:  # pragma: no cover - the draw is below the total
                raise AssertionError
            left[drawn] -= 1
            hands[drawn] |= bit
        else:
            return hands, left
    return None


def _place_constrained_exactly(
    plan: _Constrained, rng: random.Random
) -> tuple[list[int], list[int]]:
    """The hands and the room left after :func:`_place_exactly` places the constrained cards.

    Raises:
        InvalidStateError: No placement exists (S7).
    """
    cards, allowed = _placement_of(plan)
    placed = _place_exactly(rng, cards, allowed, plan.room)
    if placed is None:
        raise InvalidStateError("no deal of the unseen cards agrees with the passes (S7)")
    hands = list(plan.hands)
    left = list(plan.room)
    for card, seat in placed.items():
        hands[seat] |= BITS[card]
        left[seat] -= 1
    return hands, left


def _placement_of(plan: _Constrained) -> tuple[tuple[int, ...], dict[int, tuple[int, ...]]]:
    """The constrained cards' indices, lowest first, and the seats each may go to."""
    cards = tuple([bit.bit_length() - 1 for bit in plan.cards])
    if plan.seats is not None:
        return cards, dict.fromkeys(cards, plan.seats)
    return cards, {card: seats for card, (_, _, seats) in zip(cards, plan.items, strict=True)}


def _deal_readably(sampler: Sampler, rng: random.Random) -> tuple[int, ...]:
    """The hands of one sample drawn through ``rng``'s own methods (any generator).

    The readable form of :func:`_deal_uniform` and :func:`_deal_constrained`, with the same
    draws from a plain ``random.Random``.
    """
    deal = sampler.deal
    if deal is None or deal.__class__ is _Uniform:
        assert sampler.facts is not None  # noqa: S101 - prepare gives the facts of both
        return deal_unseen(sampler.observation, rng, sampler.own, sampler.facts)
    assert isinstance(deal, _Constrained)  # noqa: S101 - the only other deal
    dealt = list(deal.hands)
    room = list(deal.room)
    cards, allowed = _placement_of(deal)
    lengths = {card: len(seats) for card, seats in allowed.items()}
    placed = _place(rng, cards, allowed, room, lengths)
    for card, seat in placed.items():
        dealt[seat] |= 1 << card
        room[seat] -= 1
    free = list(deal.free)
    shuffle(rng, free)
    start = 0
    for seat in deal.others:
        dealt[seat] |= sum(free[start : start + room[seat]])
        start += room[seat]
    return tuple(dealt)


def sample(sampler: Sampler, rng: random.Random) -> SixesState:
    """One sample of the prepared observation, built unchecked (see ``Sixes.determinize``).

    The unseen cards go to the other seats at random, keeping every hand size, giving the 6♦
    to the player to open (S5) and no passer a card that was playable at their pass (S7).
    When the passes rule nothing out the deal is the plain uniform one.
    """
    if rng.__class__ is not random.Random or not PLAIN_DRAWS:
        hands = _deal_readably(sampler, rng)
        return state_with_hands(
            sampler.observation, hands, sampler.table_mask, sampler.playable, rng.getrandbits(64)
        )
    getrandbits = rng.getrandbits
    if sampler.hands is not None:
        # One seat receives every unseen card: the same deal, the generator moved on by the
        # very draws that dealing it makes (see :attr:`Sampler.draws`).
        for size, bits in sampler.draws:
            while getrandbits(bits) >= size:
                pass
        return state_with_hands(
            sampler.observation,
            sampler.hands,
            sampler.table_mask,
            sampler.playable,
            getrandbits(64),
        )
    deal = sampler.deal
    if deal.__class__ is _Uniform:
        dealt = _deal_uniform(deal, getrandbits)
    else:
        dealt = _deal_constrained(deal, rng)  # type: ignore[arg-type]
    return state_with_hands(
        sampler.observation, tuple(dealt), sampler.table_mask, sampler.playable, getrandbits(64)
    )


def determinize(
    observation: SixesObservation, rng: random.Random, *, must_play_if_able: bool
) -> SixesState:
    """A full state the observer cannot tell from the real one (see ``Sixes.determinize``).

    The sample is checked like any state built by its constructor.

    Args:
        observation: The observer's view.
        rng: The only source of randomness (the same state of it gives the same sample).
        must_play_if_able: Whether passes reveal anything (S7).

    Raises:
        InvalidStateError: No deal of the unseen cards fits the observation (hand sizes, the 6♦,
            the passes).
    """
    sampler = prepare(observation, must_play_if_able=must_play_if_able)
    state = sample(sampler, rng)
    check_state(state, replayed_table=sampler.replayed.table)
    return state
