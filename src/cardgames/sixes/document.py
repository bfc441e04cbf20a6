"""The readable JSON form of a Sixes state: cards as cards instead of the engine's bitmasks.

:class:`~cardgames.sixes.SixesState` keeps hands and the table as integer bitmasks for speed. The
serialization module writes a state through :class:`SixesStateDocument` instead, so a saved
state reads ``"hands": [["Ac", "6d", …], …]`` and ``"columns": [[], ["5d", "6d"], [], []]``::

    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> from cardgames.sixes.document import from_document, to_document
    >>> game = Sixes(SixesConfig(num_players=4))
    >>> state = game.initial_state(seed=3)
    >>> state = game.apply(state, game.legal_actions(state)[0])
    >>> document = to_document(state)
    >>> document.columns[1]
    (Card.parse('6d'),)
    >>> from_document(document) == state
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import add
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames._reader import MAX_INT, Declined, read_counts, read_int, read_ints
from cardgames._slots import slot_builder
from cardgames.cards import Card, Suit
from cardgames.errors import InvalidStateError
from cardgames.game import PlayerId
from cardgames.sixes.action import PASS_ID, TURNS, SixesTurn
from cardgames.sixes.deck import (
    DECK_SIZE,
    FULL_MASK,
    GROWTH,
    SIX_OF_DIAMONDS_BIT,
    SIXES_DECK,
    SIXES_ORDER,
    SUIT_SPAN,
    index_of,
    indices_of_mask,
    mask_of_distinct,
    playable_mask,
)
from cardgames.sixes.observation import SixesObservation, state_with_hands
from cardgames.sixes.sampling import pass_exclusions
from cardgames.sixes.state import SixesState, check_state, unchecked_state

if TYPE_CHECKING:
    from cardgames.sixes.game import Sixes

__all__ = [
    "SixesStateDocument",
    "check_observation",
    "from_document",
    "read_checked_observation",
    "read_checked_state",
    "read_observation",
    "read_state",
    "sorted_hand",
    "to_document",
]


@attrs.frozen(kw_only=True)
class SixesStateDocument:
    """A :class:`~cardgames.sixes.SixesState` with every card written out (its JSON form).

    Attributes:
        hands: Each seat's cards, sorted by rank (A 2 … 7 J Q K, :data:`SIXES_ORDER`) then suit.
        columns: The four columns, indexed by :class:`~cardgames.cards.Suit` (clubs, diamonds,
            hearts, spades), each low to high; empty for a suit without a column.
        stacks: Each seat's chips now.
        pot: The chips in this round's pot.
        settled_stacks: Each seat's chips at the last settlement.
        dealer: Who dealt this round.
        to_play: The seat to act, or None once the game is over.
        round_number: The round being played, from 1.
        history: This round's turns, oldest first.
        stack_emptied: Whether a stack has reached 0 during this round.
        chance_key: The private key the later deals are drawn from.
        pending_decks: Explicit deck orders for the coming rounds.
    """

    hands: tuple[tuple[Card, ...], ...]
    columns: tuple[tuple[Card, ...], ...]
    stacks: tuple[int, ...]
    pot: int
    settled_stacks: tuple[int, ...]
    dealer: PlayerId
    to_play: PlayerId | None
    round_number: int
    history: tuple[SixesTurn, ...]
    stack_emptied: bool
    chance_key: int
    pending_decks: tuple[tuple[Card, ...], ...] = ()


# The fields come from a valid state: built without the (check-free) frozen ``__init__``.
_document: Callable[..., SixesStateDocument] = slot_builder(SixesStateDocument)
_CARDS: Final[tuple[Card, ...]] = tuple(Card.parse(str(card)) for card in SIXES_DECK)
"""The parsed (shared) card of each index: documents hold these, so writing them is cheap."""
_ORDER: Final[tuple[int, ...]] = tuple(
    sorted(range(DECK_SIZE), key=lambda index: SIXES_ORDER.sort_key(SIXES_DECK[index]))
)
_POSITION: Final[tuple[int, ...]] = tuple(_ORDER.index(index) for index in range(DECK_SIZE))
"""Each index's place in a sorted hand: by rank (A 2 … 7 J Q K), then suit."""
_SUIT_MASK: Final = (1 << SUIT_SPAN) - 1


def _segments(suit: int) -> tuple[tuple[int, ...], ...]:
    """For each bit pattern of one suit's segment, the indices it holds, low to high."""
    base = suit * SUIT_SPAN
    return tuple(
        tuple(base + bit for bit in range(SUIT_SPAN) if pattern >> bit & 1)
        for pattern in range(1 << SUIT_SPAN)
    )


_INDICES: Final = tuple(_segments(suit) for suit in range(len(Suit)))
_COLUMNS: Final = tuple(
    tuple(tuple(_CARDS[index] for index in indices) for indices in segments)
    for segments in _INDICES
)


def _indices(mask: int) -> tuple[int, ...]:
    clubs, diamonds, hearts, spades = _INDICES
    return (
        clubs[mask & _SUIT_MASK]
        + diamonds[mask >> SUIT_SPAN & _SUIT_MASK]
        + hearts[mask >> 2 * SUIT_SPAN & _SUIT_MASK]
        + spades[mask >> 3 * SUIT_SPAN & _SUIT_MASK]
    )


def sorted_hand(mask: int) -> tuple[Card, ...]:
    """The cards of a hand's ``mask`` sorted by rank (A 2 … 7 J Q K), then suit.

    >>> from cardgames.sixes.deck import mask_of_cards
    >>> from cardgames.cards import parse_cards
    >>> sorted_hand(mask_of_cards(parse_cards("Kc 2h 2c Ad")))
    (Card.parse('Ad'), Card.parse('2c'), Card.parse('2h'), Card.parse('Kc'))
    """
    cards = _CARDS
    return tuple([cards[index] for index in sorted(_indices(mask), key=_POSITION.__getitem__)])


def to_document(state: SixesState) -> SixesStateDocument:
    """The readable form of ``state`` (see :class:`SixesStateDocument`)."""
    table = state.table_mask
    clubs, diamonds, hearts, spades = _COLUMNS
    return _document(
        hands=tuple([sorted_hand(mask) for mask in state.hand_masks]),
        columns=(
            clubs[table & _SUIT_MASK],
            diamonds[table >> SUIT_SPAN & _SUIT_MASK],
            hearts[table >> 2 * SUIT_SPAN & _SUIT_MASK],
            spades[table >> 3 * SUIT_SPAN & _SUIT_MASK],
        ),
        stacks=state.stacks,
        pot=state.pot,
        settled_stacks=state.settled_stacks,
        dealer=state.dealer,
        to_play=state.to_play,
        round_number=state.round_number,
        history=state.history,
        stack_emptied=state.stack_emptied,
        chance_key=state.chance_key,
        pending_decks=state.pending_decks,
    )


_SIXES_INDEX: Final[tuple[int | None, ...]] = tuple(
    index_of(Card.from_index(index)) for index in range(52)
)
"""Each card's Sixes index (0..39) by its :attr:`~cardgames.cards.Card.index` (0..51); None for
the 8s, 9s and 10s, which the 40-card deck lacks."""
_BIT: Final = tuple(1 << index for index in range(DECK_SIZE))


def _mask(cards: Sequence[Card], field: str, seat: int | None = None) -> int:
    """The bitmask of ``cards``, which must be distinct cards of the 40-card deck (S2)."""
    mask = 0
    table = _SIXES_INDEX
    for card in cards:
        index = table[card.index] if card.__class__ is Card else index_of(card)
        if index is None or mask >> index & 1:
            where = field if seat is None else f"{field}[{seat}]"
            problem = "is not a Sixes card" if index is None else "appears twice"
            raise InvalidStateError(f"invalid Sixes state: {where}: {card} {problem} (S2)")
        mask |= 1 << index
    return mask


def from_document(document: SixesStateDocument) -> SixesState:
    """The state ``document`` describes, checked like any hand-built state.

    Raises:
        InvalidStateError: the document describes a state the rules cannot reach (a card
            missing, doubled or in two places, a column that is not one run through its 6,
            chips that do not add up, …); the message names the rule.
    """
    hand_masks = tuple([_mask(hand, "hands", seat) for seat, hand in enumerate(document.hands)])
    if len(document.columns) != len(Suit):
        raise InvalidStateError("invalid Sixes state: columns needs one entry per suit (S6)")
    table_mask = _mask([card for column in document.columns for card in column], "columns")
    state = SixesState(
        hand_masks=hand_masks,
        table_mask=table_mask,
        stacks=document.stacks,
        pot=document.pot,
        settled_stacks=document.settled_stacks,
        dealer=document.dealer,
        to_play=document.to_play,
        round_number=document.round_number,
        history=document.history,
        stack_emptied=document.stack_emptied,
        chance_key=document.chance_key,
        pending_decks=document.pending_decks,
    )
    clubs, diamonds, hearts, spades = _COLUMNS
    columns = (
        clubs[table_mask & _SUIT_MASK],
        diamonds[table_mask >> SUIT_SPAN & _SUIT_MASK],
        hearts[table_mask >> 2 * SUIT_SPAN & _SUIT_MASK],
        spades[table_mask >> 3 * SUIT_SPAN & _SUIT_MASK],
    )
    if columns != document.columns:
        raise InvalidStateError(
            "invalid Sixes state: columns[s] must hold the cards of suit s, low to high (S6)"
        )
    return state


def _feasible(unseen: int, sizes: Sequence[int], me: int, excluded: Sequence[int]) -> bool:
    """Whether the unseen cards can be dealt around the passes (S7), each hand keeping its size.

    No seat may get a card its passes rule out; the sizes already add up to the cards.

    Hall's condition for this b-matching: for every set of seats, the cards that only those
    seats may hold are no more than their room. Only seats with a ruled-out card matter: a set
    missing another seat leaves no card that only it may hold. So the sets checked are the
    complements of the subsets of the constrained seats, with the cards every seat of the
    subset rules out. The sizes must not be negative.

    When all the cards that any seat rules out fit in the room of the seats that rule out
    none, every set passes (its cards are among them, and its room is at least that room),
    and no set is enumerated: the usual case.
    """
    room = sum(sizes) - sizes[me]
    rules = []
    anyone = 0  # the cards some seat rules out
    free = room  # the room of the seats that rule out none
    for seat, excluded_here in enumerate(excluded):
        ruled_out = excluded_here & unseen
        if ruled_out and seat != me:
            rules.append((ruled_out, sizes[seat]))
            anyone |= ruled_out
            free -= sizes[seat]
    if anyone.bit_count() <= free:
        return True
    # Each entry: the unseen cards ruled out by every seat of a subset, the room outside it,
    # and the first seat that may join it. A subset whose cards are none passes, and so does
    # every subset that contains it (the room left is never negative): it is not extended.
    subsets = [(unseen, room, 0)]
    for cards, left, start in subsets:  # the list grows while it is walked
        for place in range(start, len(rules)):
            ruled_out, size = rules[place]
            common = cards & ruled_out
            if common:
                if common.bit_count() > left - size:
                    return False
                subsets.append((common, left - size, place + 1))
    return True


def _seat_of(game: Sixes, observation: SixesObservation) -> int:
    """The observer's seat, checked to be one of ``game``'s, as are the observation's seats."""
    if observation.__class__ is not SixesObservation:
        raise InvalidStateError(f"{type(observation).__name__} is not a SixesObservation")
    seats = len(observation.hand_sizes)
    n = game.config.num_players
    if seats != n:
        raise InvalidStateError(f"the observation has {seats} seats, not {n}")
    me = observation.player
    if me is None:
        raise InvalidStateError("a spectator's observation has no seat to determinize for")
    if me.__class__ is not int or not 0 <= me < n:
        raise InvalidStateError(f"player {me!r} is not a seat of this Sixes table")
    return me


def check_observation(game: Sixes, observation: SixesObservation) -> None:
    """Raise unless some state of ``game`` is observed as ``observation`` by its player.

    The decoder's check of an observation document, worked out from the counts and card
    sets instead of dealing a sample (:meth:`~cardgames.sixes.Sixes.determinize`) and
    observing it, with the same verdict: the seats and the hand sizes fit the unseen cards,
    the state's own invariants hold (checked by :func:`~cardgames.sixes.state.check_state` on
    one deal of the unseen cards, as they hold for every deal or none), the player to open
    holds the 6♦ (S5) and, under ``must_play_if_able``, no passer played a card they had
    passed on and the unseen cards can be dealt around every pass (S7).

    Raises:
        InvalidStateError: no such state; the message names the rule (a ValueError).
    """
    me = _seat_of(game, observation)
    own = _mask(tuple(observation.hand), "hand")
    table = 0
    for column in observation.columns:
        table |= _mask(column, "columns")
    clubs, diamonds, hearts, spades = _COLUMNS
    columns = (
        clubs[table & _SUIT_MASK],
        diamonds[table >> SUIT_SPAN & _SUIT_MASK],
        hearts[table >> 2 * SUIT_SPAN & _SUIT_MASK],
        spades[table >> 3 * SUIT_SPAN & _SUIT_MASK],
    )
    if own & table or columns != observation.columns:
        raise InvalidStateError(
            "columns[s] must hold the cards of suit s, low to high, and none of the hand (S6)"
        )
    unseen = FULL_MASK & ~(own | table)
    sizes = observation.hand_sizes
    others = sum(sizes) - sizes[me]
    if min(sizes) < 0 or others != unseen.bit_count() or sizes[me] != own.bit_count():
        raise InvalidStateError("the observation's hand sizes do not match its unseen cards")
    opener = observation.to_play
    if table or opener == me:
        opener = None
    elif opener is not None and not unseen & SIX_OF_DIAMONDS_BIT:
        raise InvalidStateError("the player to open must hold the 6♦ (S5)")
    if game.config.must_play_if_able:
        excluded = pass_exclusions(observation, must_play_if_able=True)
        if excluded[me] & own:
            raise InvalidStateError(f"player {me} passed while holding a card they could play (S7)")
        if not _feasible(unseen, sizes, me, excluded):
            raise InvalidStateError("no deal of the unseen cards agrees with the passes (S7)")
    # One deal of the unseen cards, in index order, the 6♦ to the player to open: the state
    # checks hold for it exactly when they hold for any deal with these hand sizes.
    check_state(_some_deal(observation, own, table, unseen, opener))


def _some_deal(
    observation: SixesObservation, own: int, table: int, unseen: int, opener: int | None
) -> SixesState:
    """A state observed as ``observation``, built unchecked: the unseen cards dealt in order."""
    rest = indices_of_mask(unseen & ~SIX_OF_DIAMONDS_BIT if opener is not None else unseen)
    hands = []
    for seat, size in enumerate(observation.hand_sizes):
        if seat == observation.player:
            hands.append(own)
        elif seat == opener and size:
            hands.append(SIX_OF_DIAMONDS_BIT | mask_of_distinct(rest[: size - 1]))
            rest = rest[size - 1 :]
        else:
            hands.append(mask_of_distinct(rest[:size]))
            rest = rest[size:]
    return state_with_hands(observation, tuple(hands), table, playable_mask(table), 0)


_BIT_BY_TEXT: Final = {str(card): 1 << index for index, card in enumerate(SIXES_DECK)}
"""The bit of each Sixes card by the text the writer gives it (``"Ac"``, ``"Td"`` is not one)."""
_ID_BY_TEXT: Final = {str(card): index for index, card in enumerate(SIXES_DECK)}
_COLUMN_TEXTS: Final = tuple(
    tuple([str(card) for card in column] for column in suit) for suit in _COLUMNS
)
"""``_COLUMN_TEXTS[suit][segment]``: the column of a suit's segment of the table, as written."""
_KEYS: Final = frozenset(attrs.fields_dict(SixesStateDocument))
_TURN_ROWS: Final = tuple(TURNS)


def _hand_mask(texts: list[str]) -> int:
    """The bitmask of a hand as written: distinct Sixes cards (else the checked path decides)."""
    mask = sum(map(_BIT_BY_TEXT.__getitem__, texts))
    if texts.__class__ is not list or mask.bit_count() != len(texts):
        raise Declined
    return mask


def _history(turns: object, seats: int = len(TURNS)) -> tuple[tuple[SixesTurn, ...], int, int]:
    """The turns as written, their member count and the bitmask of the cards they play.

    Every turn must be an object of exactly ``player`` and ``action``, the player an int
    seat below ``seats`` and the action one that the writer writes, each card played once;
    anything else it declines.
    """
    if turns.__class__ is not list:
        raise Declined
    rows = TURNS
    history: list[SixesTurn] = []
    append = history.append
    played = 0
    for turn in turns:
        if turn.__class__ is not dict or len(turn) != 2:
            raise Declined
        player, action = turn["player"], turn["action"]
        if player.__class__ is not int or action.__class__ is not dict or not 0 <= player < seats:
            raise Declined
        if len(action) == 2:
            if action["type"] != "play":
                raise Declined
            index = _ID_BY_TEXT[action["card"]]
            if played >> index & 1:
                raise Declined
            played |= 1 << index
            append(rows[player][index])
        elif len(action) == 1 and action["type"] == "pass":
            append(rows[player][PASS_ID])
        else:
            raise Declined
    return tuple(history), 3 * len(history) + played.bit_count(), played


def _sound_history(turns: object, seats: int, table: int) -> tuple[tuple[SixesTurn, ...], int]:
    """The turns as written and their member count, the history proven sound.

    With :func:`_history`'s walk it proves what the state's history check (S1, S6) would
    check again: every turn is by one of ``seats`` seats and plays a card of ``table`` that
    no earlier turn played. It declines anything else, so the checked path names the rule.
    """
    history, members, played = _history(turns, seats)
    if played & ~table:
        raise Declined
    return history, members


def read_state(data: object) -> tuple[SixesState, int]:
    """The state of a state document's ``data`` as the writer writes it, and its member count.

    The fast path of the state decoder: one pass over the decoded JSON values (card texts
    to bits, integers checked for their type) and the state's own checks, with no document
    object in between. It reads only what the writer writes (every field, cards as
    ``"Ac"``, no pending decks) and gives the state that the checked path gives; anything
    else, valid or not, it declines by raising, and the decoder then takes the checked path,
    which gives the value or names the error.
    """
    if data.__class__ is not dict or data.keys() != _KEYS or data["pending_decks"] != []:
        raise Declined
    fields: dict[str, object] = data
    hands = fields["hands"]
    columns = fields["columns"]
    if hands.__class__ is not list or columns.__class__ is not list or len(columns) != len(Suit):
        raise Declined
    hand_masks = tuple(map(_hand_mask, hands))
    masks = tuple(map(_hand_mask, columns))
    table = sum(masks)
    if table.bit_count() != sum(map(int.bit_count, masks)):
        raise Declined
    for suit, column in enumerate(columns):
        if column != _COLUMN_TEXTS[suit][table >> suit * SUIT_SPAN & _SUIT_MASK]:
            raise Declined
    to_play = fields["to_play"]
    stack_emptied = fields["stack_emptied"]
    if stack_emptied is not True and stack_emptied is not False:
        raise Declined
    history, members = _sound_history(fields["history"], len(hand_masks), table)
    state = unchecked_state(
        hand_masks,
        table,
        playable_mask(table),
        read_ints(fields["stacks"]),
        read_int(fields["pot"]),
        read_ints(fields["settled_stacks"]),
        PlayerId(read_int(fields["dealer"])),
        None if to_play is None else PlayerId(read_int(to_play)),
        read_int(fields["round_number"]),
        history,
        stack_emptied,
        read_int(fields["chance_key"]),
        (),
    )
    check_state(state, history_sound=True)
    return state, len(_KEYS) + members


_CARD_BY_TEXT: Final = {str(card): card for card in map(Card.from_index, range(52))}
_OBSERVATION_KEYS: Final = frozenset(attrs.fields_dict(SixesObservation))
_observation: Callable[..., SixesObservation] = slot_builder(SixesObservation)


def read_observation(data: object) -> tuple[SixesObservation, int]:
    """The observation of a document's ``data`` as the writer writes it, and its member count.

    The fast path of the observation decoder, as :func:`read_state` is of the state
    decoder: it reads only what the writer writes and declines anything else by raising.
    The decoder checks the observation it gives with :func:`check_observation`.
    """
    if data.__class__ is not dict or data.keys() != _OBSERVATION_KEYS:
        raise Declined
    fields: dict[str, object] = data
    hand_texts, columns, player = fields["hand"], fields["columns"], fields["player"]
    if hand_texts.__class__ is not list or columns.__class__ is not list or len(columns) != 4:
        raise Declined
    hand = frozenset(map(_CARD_BY_TEXT.__getitem__, hand_texts))
    masks = tuple(map(_hand_mask, columns))
    table = sum(masks)
    if len(hand) != len(hand_texts) or table.bit_count() != sum(map(int.bit_count, masks)):
        raise Declined
    for suit, column in enumerate(columns):
        if column != _COLUMN_TEXTS[suit][table >> suit * SUIT_SPAN & _SUIT_MASK]:
            raise Declined
    clubs, diamonds, hearts, spades = _COLUMNS
    to_play = fields["to_play"]
    stack_emptied = fields["stack_emptied"]
    if stack_emptied is not True and stack_emptied is not False:
        raise Declined
    history, members, _ = _history(fields["history"])
    observation = _observation(
        player=None if player is None else PlayerId(read_int(player)),
        hand=hand,
        columns=(
            clubs[table & _SUIT_MASK],
            diamonds[table >> SUIT_SPAN & _SUIT_MASK],
            hearts[table >> 2 * SUIT_SPAN & _SUIT_MASK],
            spades[table >> 3 * SUIT_SPAN & _SUIT_MASK],
        ),
        hand_sizes=read_ints(fields["hand_sizes"]),
        stacks=read_ints(fields["stacks"]),
        pot=read_int(fields["pot"]),
        settled_stacks=read_ints(fields["settled_stacks"]),
        dealer=PlayerId(read_int(fields["dealer"])),
        to_play=None if to_play is None else PlayerId(read_int(to_play)),
        round_number=read_int(fields["round_number"]),
        history=history,
        stack_emptied=stack_emptied,
    )
    return observation, len(_OBSERVATION_KEYS) + members


_PASS: Final = {"type": "pass"}
"""A pass as the writer writes it."""


def _seat_turns(seat: int) -> tuple[dict[str, tuple[SixesTurn, int, int]], SixesTurn]:
    """Seat ``seat``'s turns as the walks find them: its plays by the card's text, its pass.

    A play is its shared history entry (:data:`~cardgames.sixes.action.TURNS`), the card's
    bit and the cards it makes playable (:data:`~cardgames.sixes.deck.GROWTH`).
    """
    row = TURNS[seat]
    plays = {
        text: (row[index], 1 << index, GROWTH[index])
        for index, text in enumerate(map(str, SIXES_DECK))
    }
    return plays, row[PASS_ID]


_SEAT_TURNS: Final = tuple(map(_seat_turns, range(len(TURNS))))
_TABLE_TURNS: Final = tuple(dict(enumerate(_SEAT_TURNS[:seats])) for seats in range(len(TURNS) + 1))
"""``_TABLE_TURNS[seats][seat]``: the turns of each seat of a table of ``seats``, found by the
seat as written (another int, or a negative one, is not found): one look-up a turn."""


def _walk_state(turns: object, seats: int) -> tuple[tuple[SixesTurn, ...], int, int, list[int]]:
    """Replay a state's turns as written from the empty table, or decline.

    Every turn must be an object with the writer's members, its ``player`` a seat below
    ``seats`` and its ``action`` a play or a pass, and the turns a legal round: the first
    one the play of the 6♦ and every play one of a card then playable (S5, S6). A real
    round's history is one; a document whose history is not is left to the checked path,
    which names what is wrong (or accepts it). The members are read by name and counted,
    not the objects' sizes: a member more is left to the decoder, whose count of the text's
    members then differs (see :attr:`~cardgames.spec.StateCodec.read_checked`).

    Returns the turns (shared entries of :data:`~cardgames.sixes.action.TURNS`), the cards
    they play (a valid table, each card played once), the cards playable next and how many
    cards each seat played.
    """
    if turns.__class__ is not list:
        raise Declined
    items: list[dict[str, Any]] = turns
    table_turns = _TABLE_TURNS[seats]
    history: list[SixesTurn] = []
    append = history.append
    plays = [0] * seats
    table = 0
    playable = SIX_OF_DIAMONDS_BIT
    for turn in items:
        player = turn["player"]
        action = turn["action"]
        if player.__class__ is not int:
            raise Declined
        by_text, passed = table_turns[player]
        if action == _PASS:
            if not table:  # nobody passes before the opening (S5)
                raise Declined
            append(passed)
        else:
            entry, bit, grows = by_text[action["card"]]
            if action["type"] != "play" or not playable & bit:
                raise Declined
            playable = (playable ^ bit) | grows
            table |= bit
            plays[player] += 1
            append(entry)
    return tuple(history), table, playable, plays


def _walk_view(
    turns: object, seats: int, *, must_play: bool
) -> tuple[tuple[SixesTurn, ...], int, list[int]]:
    """Replay an observation's turns as written from the empty table, or decline.

    As :func:`_walk_state`, and under ``must_play`` no play may be of a card its player
    passed on while it was playable (S7). Returns the turns, the cards they play and, under
    ``must_play``, the cards each seat's passes rule out (S7).
    """
    if turns.__class__ is not list:
        raise Declined
    items: list[dict[str, Any]] = turns
    table_turns = _TABLE_TURNS[seats]
    history: list[SixesTurn] = []
    append = history.append
    excluded = [0] * seats
    table = 0
    playable = SIX_OF_DIAMONDS_BIT
    for turn in items:
        player = turn["player"]
        action = turn["action"]
        if player.__class__ is not int:
            raise Declined
        by_text, passed = table_turns[player]
        if action == _PASS:
            if not table:  # nobody passes before the opening (S5)
                raise Declined
            if must_play:
                excluded[player] |= playable
            append(passed)
        else:
            entry, bit, grows = by_text[action["card"]]
            if action["type"] != "play" or not playable & bit or excluded[player] & bit:
                raise Declined
            playable = (playable ^ bit) | grows
            table |= bit
            append(entry)
    return tuple(history), table, excluded


def _columns_written(table: int) -> list[list[str]]:
    """The four columns of ``table`` as the writer writes them (compared with a document's)."""
    clubs, diamonds, hearts, spades = _COLUMN_TEXTS
    return [
        clubs[table & _SUIT_MASK],
        diamonds[table >> SUIT_SPAN & _SUIT_MASK],
        hearts[table >> 2 * SUIT_SPAN & _SUIT_MASK],
        spades[table >> 3 * SUIT_SPAN & _SUIT_MASK],
    ]


def _chips(fields: dict[str, Any], seats: int) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """The stacks, pot and settled stacks as written, or decline.

    There are ``seats`` of each, none negative, and the stacks and the pot add up to the
    settled stacks (S3, S10).
    """
    stacks = read_counts(fields["stacks"])
    pot = fields["pot"]
    settled = read_counts(fields["settled_stacks"])
    if (
        pot.__class__ is not int
        or len(stacks) != seats
        or len(settled) != seats
        or not 0 <= pot < MAX_INT
        or sum(stacks) + pot != sum(settled)
    ):
        raise Declined
    return stacks, pot, settled


def read_checked_state(game: Sixes, data: object) -> tuple[SixesState, int]:
    """The state of a state document's ``data`` for ``game``, proven valid, and its member count.

    The fast path of the state decoder (:attr:`~cardgames.spec.StateCodec.read_checked`):
    one pass over the decoded JSON values that reads the state and proves at the same time
    everything the checked path checks, the state's own invariants
    (:func:`~cardgames.sixes.state.check_state`) and the fit to ``game``'s config
    (:func:`~cardgames.sixes.notation.check_state`), each fact once: the cards are the 40,
    each in one place (S2); the columns are runs through their 6s that the history plays
    in a legal order, the 6♦ first (S5, S6); each seat's hand and plays make the cards it
    was dealt (S4); the chips add up to the config's (S3, S10); the player to act can act
    (S5, S8). It reads only what the writer writes and declines anything else, valid or
    not, by raising: the decoder then takes the checked path, which gives the state or
    names the error.
    """
    # Every member is read by its name below, so a dict of as many is one of exactly these.
    if data.__class__ is not dict or len(data) != len(_KEYS) or data["pending_decks"] != []:
        raise Declined
    fields: dict[str, Any] = data
    config = game.config
    seats = config.num_players
    hands = fields["hands"]
    if hands.__class__ is not list or len(hands) != seats:
        raise Declined
    bits = _BIT_BY_TEXT.__getitem__
    hand_masks = tuple([sum(map(bits, hand)) for hand in hands if hand.__class__ is list])
    history, table, playable, plays = _walk_state(fields["history"], seats)
    sizes = list(map(len, hands))
    # The 40 cards, each once (S2): 40 bits (each hand's and the table's, which are distinct)
    # that add up to the 40 bits of the deck are 40 different bits.
    if (
        len(hand_masks) != seats
        or sum(hand_masks) + table != FULL_MASK
        or sum(sizes) + table.bit_count() != DECK_SIZE
        or list(map(add, sizes, plays)) != [DECK_SIZE // seats] * seats
        or fields["columns"] != _columns_written(table)
    ):
        raise Declined
    stacks, pot, settled = _chips(fields, seats)
    to_play: PlayerId | None = fields["to_play"]
    dealer: PlayerId = fields["dealer"]
    round_number = fields["round_number"]
    chance_key = fields["chance_key"]
    stack_emptied = fields["stack_emptied"]
    if to_play is not None:
        if to_play.__class__ is not int or not 0 <= to_play < seats:
            raise Declined
        if (not table and not hand_masks[to_play] & SIX_OF_DIAMONDS_BIT) or not all(hand_masks):
            raise Declined
    elif pot or stacks != settled:
        raise Declined
    max_rounds = config.max_rounds
    if (
        sum(settled) != seats * config.starting_chips
        or dealer.__class__ is not int
        or not 0 <= dealer < seats
        or round_number.__class__ is not int
        or not 1 <= round_number < MAX_INT
        or (max_rounds is not None and round_number > max_rounds)
        or chance_key.__class__ is not int
        or not 0 <= chance_key < 2**64
        or (stack_emptied is not True and (stack_emptied is not False or 0 in stacks))
    ):
        raise Declined
    state = unchecked_state(
        hand_masks,
        table,
        playable,
        stacks,
        pot,
        settled,
        dealer,
        to_play,
        round_number,
        history,
        stack_emptied,
        chance_key,
        (),
    )
    return state, len(_KEYS) + 3 * len(history) + table.bit_count()


def read_checked_observation(game: Sixes, data: object) -> tuple[SixesObservation, int]:
    """The observation of a document's ``data`` for ``game``, proven possible, and its members.

    The fast path of the observation decoder
    (:attr:`~cardgames.spec.GameSpec.read_checked_observation`): one pass that reads the
    observation and proves what :func:`check_observation` checks, each fact once: the seat
    is one of ``game``'s; the hand, the columns and the hand sizes partition the 40 cards
    (S2); the history is a legal round that plays the columns (S5, S6); the chips add up
    (S3, S10); the player to act can act (S5, S8); and under ``must_play_if_able`` no seat
    played a card it had passed on, nor holds one, and the unseen cards can be dealt around
    the passes (S7). It reads only what the writer writes of a seated player's view and
    declines anything else by raising: the decoder then takes the checked path.
    """
    # Every member is read by its name below, so a dict of as many is one of exactly these.
    if data.__class__ is not dict or len(data) != len(_OBSERVATION_KEYS):
        raise Declined
    fields: dict[str, Any] = data
    config = game.config
    seats = config.num_players
    me: PlayerId = fields["player"]
    hand_texts = fields["hand"]
    own = _hand_mask(hand_texts)
    sizes = read_counts(fields["hand_sizes"])
    must_play = config.must_play_if_able
    history, table, excluded = _walk_view(fields["history"], seats, must_play=must_play)
    unseen = FULL_MASK & ~(own | table)
    if (
        me.__class__ is not int
        or not 0 <= me < seats
        or own & table
        or len(sizes) != seats
        or sizes[me] != len(hand_texts)
        or sum(sizes) - sizes[me] != unseen.bit_count()
        or fields["columns"] != _columns_written(table)
    ):
        raise Declined
    stacks, pot, settled = _chips(fields, seats)
    to_play: PlayerId | None = fields["to_play"]
    dealer: PlayerId = fields["dealer"]
    round_number = fields["round_number"]
    stack_emptied = fields["stack_emptied"]
    if to_play is not None:
        if to_play.__class__ is not int or not 0 <= to_play < seats:
            raise Declined
        opening = not table and (
            not own & SIX_OF_DIAMONDS_BIT if to_play == me else own & SIX_OF_DIAMONDS_BIT
        )
        if opening or 0 in sizes:
            raise Declined
    elif pot or stacks != settled:
        raise Declined
    if (
        dealer.__class__ is not int
        or not 0 <= dealer < seats
        or round_number.__class__ is not int
        or not 1 <= round_number < MAX_INT
        or (stack_emptied is not True and (stack_emptied is not False or 0 in stacks))
    ):
        raise Declined
    if must_play and (excluded[me] & own or not _feasible(unseen, sizes, me, excluded)):
        raise Declined
    clubs, diamonds, hearts, spades = _COLUMNS
    observation = _observation(
        player=me,
        hand=frozenset(map(_CARD_BY_TEXT.__getitem__, hand_texts)),
        columns=(
            clubs[table & _SUIT_MASK],
            diamonds[table >> SUIT_SPAN & _SUIT_MASK],
            hearts[table >> 2 * SUIT_SPAN & _SUIT_MASK],
            spades[table >> 3 * SUIT_SPAN & _SUIT_MASK],
        ),
        hand_sizes=sizes,
        stacks=stacks,
        pot=pot,
        settled_stacks=settled,
        dealer=dealer,
        to_play=to_play,
        round_number=round_number,
        history=history,
        stack_emptied=stack_emptied,
    )
    return observation, len(_OBSERVATION_KEYS) + 3 * len(history) + table.bit_count()
