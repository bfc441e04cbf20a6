"""The Sixes game: rules S1 to S12 as pure functions behind the ``Game`` protocol.

A :class:`Sixes` object holds only its validated :class:`~cardgames.sixes.SixesConfig`. A game is
the whole match: rounds are dealt, played and settled until a stack reaches 0 (S10) or
``max_rounds`` is reached (S12)::

    >>> import random
    >>> from cardgames.game import playout
    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=4, max_rounds=3))
    >>> state = game.initial_state(seed=7)
    >>> final, actions = playout(game, random.Random(7), state=state)
    >>> game.is_terminal(final), sum(game.returns(final))
    (True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

import attrs

from cardgames._slots import unchecked_twin
from cardgames.cards import Card, Suit, make_rng
from cardgames.errors import IllegalActionError, InvalidConfigError, InvalidStateError
from cardgames.game import Chance, PlayerId, check_deck, check_seat, is_seat
from cardgames.game import standings as ranked
from cardgames.game import winners as best_seats
from cardgames.sixes.action import (
    NUM_DISTINCT_ACTIONS,
    PASS,
    PASS_ID,
    PLAYS,
    TURNS,
    Pass,
    Play,
    SixesAction,
    SixesTurn,
    action_from_id,
    action_id,
)
from cardgames.sixes.config import PLAYER_COUNTS, BrokePass, Direction, GameEnd, SixesConfig
from cardgames.sixes.deck import (
    BITS,
    DECK_SIZE,
    GROWTH,
    INDEX_BY_CARD_INDEX,
    PLAIN_DRAWS,
    SIX_OF_DIAMONDS,
    SIX_OF_DIAMONDS_BIT,
    SIX_POSITION,
    SIXES_DECK,
    SUIT_SPAN,
    card_index,
    cards_of_mask,
    index_of,
    indices_of_mask,
    pile_dealer,
    seeded_random,
)
from cardgames.sixes.observation import SixesObservation, observe_seat
from cardgames.sixes.playout import PASS_FLAG, Choices, play_randomly, score_randomly
from cardgames.sixes.sampling import Sampler, prepare, sample
from cardgames.sixes.state import (
    SixesState,
    check_state,
    unchecked_state,
)

if TYPE_CHECKING:
    from cardgames.spec import GameSpec

__all__ = ["Sixes"]

_PASS_ONLY: Final = (PASS,)
_NEW_STATE: Final[Any] = unchecked_twin(SixesState)
"""The common play and pass build their successor inline: ``_NEW_STATE()``, every field set,
then its class made :class:`SixesState` (see :func:`~cardgames._slots.unchecked_twin`): a
call of :func:`~cardgames.sixes.state.unchecked_state` was 3% of a playout's instructions."""
_ACTION_CLASSES: Final = frozenset({Play, Pass})
_CACHE_LIMIT: Final = 1 << 16
"""The most legal-action tuples (and masks) a game keeps; the cache starts afresh beyond it."""
_HAND_SET_LIMIT: Final = 1 << 12
"""The most hand frozensets ``observe`` keeps (about 2 MB); the cache starts afresh beyond it."""


def _replacers(size: int) -> tuple[Callable[[tuple[int, ...], int], tuple[int, ...]], ...]:
    """For each position of a tuple of ``size`` ints, a function replacing the item there.

    Building the tuple in one expression is the cheapest way in Python (slicing and
    concatenating allocates three tuples); the functions are generated once, at import.
    """
    replacers = []
    for seat in range(size):
        items = ", ".join("item" if i == seat else f"items[{i}]" for i in range(size))
        namespace: dict[str, object] = {}
        source = f"def replace(items, item):\n    return ({items},)"
        exec(compile(source, f"<sixes item {seat} of {size}>", "exec"), namespace)  # noqa: S102 - generated from positions only
        replacers.append(namespace["replace"])
    return tuple(replacers)  # type: ignore[arg-type]


_REPLACE: Final = tuple(_replacers(size) for size in range(max(PLAYER_COUNTS) + 1))
"""``_REPLACE[len(items)][i](items, item)``: ``items`` with ``item`` at position ``i`` (the
hands and the stacks of a state; every table size of S1)."""

_TURN_TUPLES: Final = tuple(tuple((turn,) for turn in row) for row in TURNS)
"""``_TURN_TUPLES[seat][action_id]``: the history entry as a 1-tuple, ready to be appended."""

# The tables of a play, indexed by the played card's 52-card ``Card.index`` (so that ``apply``
# needs no lookup of its Sixes index): 0 and no turn for an 8, 9 or 10, which Sixes does not use.
_BIT_OF_CARD: Final = tuple(0 if i is None else BITS[i] for i in INDEX_BY_CARD_INDEX)
"""``_BIT_OF_CARD[card.index]``: the card's bit in the masks, 0 outside the 40-card deck (S2)."""
_PLAYABLE_CHANGE: Final = tuple(
    0 if i is None else GROWTH[i] - BITS[i] for i in INDEX_BY_CARD_INDEX
)
"""``_PLAYABLE_CHANGE[card.index]``: the playable mask after the play of a playable card is the
mask before plus this: the card leaves it and the cards it opens come in (S6; none of those was
playable before, as the end of its run was the card itself). Adding two ints of more than 30
bits is cheaper in CPython than a bitwise operation on them."""
_PLAY_TURNS: Final = tuple(
    tuple(() if i is None else row[i] for i in INDEX_BY_CARD_INDEX) for row in _TURN_TUPLES
)
"""``_PLAY_TURNS[seat][card.index]``: the history entry of ``seat`` playing the card, a 1-tuple."""
_PASS_TURNS: Final = tuple(row[PASS_ID] for row in _TURN_TUPLES)
"""``_PASS_TURNS[seat]``: the history entry of ``seat`` passing, a 1-tuple."""


def _checked_deck(deck: Sequence[Card], what: str) -> tuple[int, ...]:
    """The card indices of ``deck``, which must be an order of the 40 Sixes cards (S2)."""
    try:
        order = check_deck(deck, SIXES_DECK, what)
    except InvalidConfigError:
        raise InvalidConfigError(f"{what} must be an order of the 40 Sixes cards (S2)") from None
    return tuple(card_index(card) for card in order)


def _foreign(state: object) -> InvalidStateError:
    """The error for a value that is not a Sixes state (another game's, or no state at all)."""
    return InvalidStateError(f"{type(state).__name__} is not a SixesState")


def _game_over(state: SixesState) -> str:
    """Why nothing is legal in a finished game: a stack emptied (S10) or max_rounds (S12)."""
    return f"the game is over ({'S10' if state.stack_emptied else 'S12'})"


def _suit_word(suit: Suit) -> str:
    return suit.name.lower()[:-1]


@attrs.frozen
class Sixes:
    """Sixes (Los Seises): a shedding game played with chips over as many rounds as it takes.

    Build it with a :class:`SixesConfig` (``Sixes()`` plays the defaults: five players, ten
    chips each). The object holds only the config; states are immutable values.

    Attributes:
        config: The table size and rule options.
    """

    config: SixesConfig = attrs.field(factory=SixesConfig)
    # Tables derived from the config, and the game's own caches (no state is shared between
    # games, and two threads using one game only ever add equal entries to its caches).
    _next_seat: tuple[PlayerId, ...] = attrs.field(init=False, eq=False, repr=False)
    _deal_seats: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    _deal_piles: Callable[[Callable[[int], int]], tuple[int, ...]] = attrs.field(
        init=False, eq=False, repr=False
    )
    _hands_of_piles: tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    _may_pass: bool = attrs.field(init=False, eq=False, repr=False)
    _pays_per_card: bool = attrs.field(init=False, eq=False, repr=False)
    _max_rounds: int | None = attrs.field(init=False, eq=False, repr=False)
    _actions: dict[int, tuple[SixesAction, ...]] = attrs.field(init=False, eq=False, repr=False)
    _masks: dict[int, tuple[bool, ...]] = attrs.field(init=False, eq=False, repr=False)
    _choices: dict[int, Choices] = attrs.field(init=False, eq=False, repr=False)
    _sampler: list[Sampler] = attrs.field(init=False, eq=False, repr=False)
    _hand_sets: dict[int, frozenset[Card]] = attrs.field(init=False, eq=False, repr=False)
    _hand_masks: dict[frozenset[Card], int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.config, SixesConfig):
            raise InvalidConfigError(f"Sixes takes a SixesConfig, not {self.config!r}")
        n = self.config.num_players
        step = 1 if self.config.direction is Direction.CLOCKWISE else -1
        object.__setattr__(self, "_next_seat", tuple(PlayerId((p + step) % n) for p in range(n)))
        object.__setattr__(
            self,
            "_deal_seats",
            tuple(
                tuple((dealer + step * (1 + i % n)) % n for i in range(DECK_SIZE))
                for dealer in range(n)
            ),
        )
        # Deck position i goes to seat _deal_seats[dealer][i], which repeats every n cards:
        # the cards of pile i % n (see pile_dealer) are the hand of that seat.
        object.__setattr__(self, "_deal_piles", pile_dealer(n))
        object.__setattr__(
            self,
            "_hands_of_piles",
            tuple(itemgetter(*map(seats[:n].index, range(n))) for seats in self._deal_seats),
        )
        object.__setattr__(self, "_may_pass", not self.config.must_play_if_able)
        object.__setattr__(self, "_pays_per_card", bool(self.config.pay_per_card_left))
        object.__setattr__(self, "_max_rounds", self.config.max_rounds)
        object.__setattr__(self, "_actions", {})
        object.__setattr__(self, "_masks", {})
        object.__setattr__(self, "_choices", {})
        object.__setattr__(self, "_sampler", [])
        object.__setattr__(self, "_hand_sets", {})
        object.__setattr__(self, "_hand_masks", {})

    def __reduce__(self) -> tuple[type[Sixes], tuple[SixesConfig]]:
        """Pickle a game as its config (the tables and caches are rebuilt from it)."""
        return Sixes, (self.config,)

    # --- the protocol's descriptive properties ---

    @property
    def name(self) -> str:
        """``"sixes"``."""
        return "sixes"

    @property
    def spec(self) -> GameSpec[SixesState, SixesAction, SixesObservation, SixesConfig]:
        """The spec of Sixes (:data:`cardgames.sixes.SPEC`)."""
        from cardgames.sixes.spec import SPEC

        return SPEC

    @property
    def num_players(self) -> int:
        """Seats at the table (S1)."""
        return self.config.num_players

    @property
    def num_distinct_actions(self) -> int:
        """41: one play per card of the 40-card deck, then the pass."""
        return NUM_DISTINCT_ACTIONS

    # --- chance: the deals ---

    def initial_state(
        self,
        seed: int | random.Random | None = None,
        *,
        deck: Sequence[Card] | None = None,
        dealer: int | None = None,
        later_decks: Sequence[Sequence[Card] | None] = (),
        chance: Chance | None = None,
    ) -> SixesState:
        """Deal the first round (S4): the 6♦ holder is to play (S5).

        Args:
            seed: Chooses the first dealer, shuffles the deck and keys every later deal. None
                draws from the OS.
            deck: An explicit order for the first deal. The dealer deals one card at a time
                from the front, starting at their left (their right when anticlockwise, S11).
            dealer: The first dealer instead of a random seat (S4).
            later_decks: Explicit orders for rounds 2, 3, …; rounds beyond them (and None
                entries) are dealt from the seed.
            chance: The same outcomes in the form every game takes (see
                :class:`~cardgames.game.Chance`): ``dealer``, then ``decks`` for rounds 1, 2, …
                (None at a position: that round's deck from the seed). Not together with
                ``deck``, ``dealer`` or ``later_decks``.

        Raises:
            InvalidConfigError: A deck is not an order of the 40 cards, ``dealer`` is not a
                seat, or ``chance`` comes with the other keywords.
            TypeError: ``seed`` is not an int, a ``random.Random`` or None.
        """
        if chance is not None:
            if deck is not None or dealer is not None or later_decks:
                raise InvalidConfigError("give chance alone, or deck, dealer and later_decks")
            first, *later = chance.decks or (None,)
            while later and later[-1] is None:
                later.pop()
            return self.initial_state(seed, deck=first, dealer=chance.dealer, later_decks=later)
        rng = make_rng(seed)
        first_dealer = rng.randrange(self.config.num_players)
        if dealer is not None:
            if not is_seat(dealer, self.config.num_players):
                raise InvalidConfigError(f"dealer must be a seat 0..{self.num_players - 1} (S4)")
            first_dealer = dealer
        if deck is None:
            hands = self._shuffled_hands(rng, first_dealer)
        else:
            hands = self._hands(_checked_deck(deck, "deck"), first_dealer)
        chance_key = rng.getrandbits(64)
        pending = tuple(
            tuple(
                SIXES_DECK[i]
                for i in (
                    self._next_deck(chance_key, round_number)
                    if later is None
                    else _checked_deck(later, "each later deck")
                )
            )
            for round_number, later in enumerate(later_decks, 2)
        )
        stacks = (self.config.starting_chips,) * self.config.num_players
        return self._deal(hands, PlayerId(first_dealer), stacks, 1, chance_key, pending)

    def _hands(self, indices: Sequence[int], dealer: int) -> tuple[int, ...]:
        """The hands (as masks) ``dealer`` deals from the deck order ``indices`` (S4, S11)."""
        hands = [0] * self.config.num_players
        for seat, index in zip(self._deal_seats[dealer], indices, strict=True):
            hands[seat] |= 1 << index
        return tuple(hands)

    def _shuffled_hands(self, rng: random.Random, dealer: int) -> tuple[int, ...]:
        """The hands ``dealer`` deals from a deck shuffled by ``rng`` (S4, S11).

        The same draws as ``rng.shuffle`` of the 40 card indices followed by the deal
        (:meth:`_hands`): for a plain :class:`random.Random` the draws are made inline and
        each card goes straight to its seat's pile (see
        :func:`~cardgames.sixes.deck.pile_dealer`).
        """
        if rng.__class__ is not random.Random or not PLAIN_DRAWS:
            order = list(range(DECK_SIZE))
            rng.shuffle(order)
            return self._hands(order, dealer)
        return self._hands_of_piles[dealer](self._deal_piles(rng.getrandbits))

    def _deal(  # noqa: PLR0913, PLR0917 - a round's whole context
        self,
        hands: tuple[int, ...],
        dealer: PlayerId,
        stacks: tuple[int, ...],
        round_number: int,
        chance_key: int,
        pending: tuple[tuple[Card, ...], ...],
    ) -> SixesState:
        """A new round of ``hands`` dealt by ``dealer``, the 6♦ holder to open (S4, S5)."""
        opener = 0
        while not hands[opener] & SIX_OF_DIAMONDS_BIT:
            opener += 1
        return unchecked_state(
            hands,
            0,
            SIX_OF_DIAMONDS_BIT,
            stacks,
            0,
            stacks,
            dealer,
            PlayerId(opener),
            round_number,
            (),
            False,  # noqa: FBT003 - stack_emptied, positional in the fast constructor
            chance_key,
            pending,
        )

    def _next_deck(self, state_key: int, round_number: int) -> tuple[int, ...]:
        """The deck order of ``round_number``, drawn reproducibly from the chance key."""
        order = list(range(DECK_SIZE))
        random.Random((state_key << 32) | round_number).shuffle(order)
        return tuple(order)

    # --- whose turn, what is legal ---

    def current_player(self, state: SixesState) -> PlayerId | None:
        """The seat to act, or None once the game is over."""
        try:
            return state.to_play
        except AttributeError:
            raise _foreign(state) from None

    def is_terminal(self, state: SixesState) -> bool:
        """Whether the game is over (S10, S12)."""
        try:
            return state.to_play is None
        except AttributeError:
            raise _foreign(state) from None

    def round_index(self, state: SixesState) -> int:
        """The round ``state`` is in (from 1); it changes once a round is settled (S8, S9).

        See :func:`cardgames.game.round_index`.
        """
        return state.round_number

    def _legal_key(self, state: SixesState, player: int) -> int:
        """The legal plays as a bitmask, with bit 40 set when passing is legal (S5, S6, S7)."""
        plays = state.hand_masks[player] & state.playable_mask
        if not plays:
            return PASS_FLAG
        if self._may_pass and state.table_mask:
            return plays | PASS_FLAG
        return plays

    def _actions_for(self, plays: int) -> tuple[SixesAction, ...]:
        """The legal actions of a player whose playable cards are ``plays``, kept in the cache.

        They depend on ``plays`` alone: without a play the pass (S7); with plays, the pass
        besides unless ``must_play_if_able`` or the play is the opening 6♦ (S5), which is
        playable exactly while the table is empty and then the only playable card.
        """
        if not plays:
            actions: tuple[SixesAction, ...] = _PASS_ONLY
        else:
            actions = tuple([PLAYS[index] for index in indices_of_mask(plays)])
            if self._may_pass and plays != SIX_OF_DIAMONDS_BIT:
                actions += _PASS_ONLY
        cache = self._actions
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[plays] = actions
        return actions

    def legal_actions(self, state: SixesState) -> tuple[SixesAction, ...]:
        """Every legal action in id order: plays by card index (suit, then A…K), then the pass.

        A player who can play must (S7) unless ``must_play_if_able`` is off; the round's first
        action is always the 6♦ (S5).

        Raises:
            InvalidStateError: ``state`` is not a Sixes state.
        """
        try:
            player = state.to_play
            if player is None:
                return ()
            plays = state.hand_masks[player] & state.playable_mask
        except AttributeError:
            raise _foreign(state) from None
        # (a tuple of actions is never empty, so never false)
        return self._actions.get(plays) or self._actions_for(plays)

    def legal_action_mask(self, state: SixesState) -> tuple[bool, ...]:
        """A tuple of 41 booleans, True at the id of each legal action."""
        if state.__class__ is not SixesState:
            raise _foreign(state)
        player = state.to_play
        if player is None:
            return (False,) * NUM_DISTINCT_ACTIONS
        key = self._legal_key(state, player)
        cache = self._masks
        mask = cache.get(key)
        if mask is None:
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            mask = cache[key] = tuple(bool(key >> i & 1) for i in range(NUM_DISTINCT_ACTIONS))
        return mask

    def action_id(self, action: SixesAction) -> int:
        """The stable id of ``action``: the card index 0..39 for a play, 40 for the pass.

        Raises:
            IllegalActionError: ``action`` is not a Sixes action.
        """
        return action_id(action)

    def action_from_id(self, action_id: int) -> SixesAction:
        """The action with id ``action_id`` in 0..40.

        Raises:
            IllegalActionError: ``action_id`` is not an int in 0..40.
        """
        return action_from_id(action_id)

    # --- applying actions ---

    def apply(self, state: SixesState, action: SixesAction) -> SixesState:  # noqa: C901, PLR0915 - the common play and pass inline, the rest by call
        """The state after the current player takes ``action``; ``state`` is unchanged.

        Raises:
            IllegalActionError: ``action`` is not legal; the message names the action, the
                player and the rule (S2, S5, S6, S7 or S10).
            InvalidStateError: ``state`` is not a Sixes state.
        """
        try:
            player = state.to_play
            if action.__class__ is Play:
                card = action.card
                if card.__class__ is Card and player is not None:
                    index = card.index  # the 52-card index: the tables need no Sixes index
                    bit = _BIT_OF_CARD[index]  # 0 for an 8, 9 or 10 (S2)
                    hands = state.hand_masks
                    hand = hands[player]
                    rest = hand ^ bit  # below the hand exactly when the bit is in it
                    playable = state.playable_mask
                    if rest < hand and playable & bit:
                        if rest:
                            # The common play, inline: in hand, playable, not the last card
                            # (a card of the hand is not on the table: adding its bit sets it).
                            new = _NEW_STATE()
                            new.hand_masks = _REPLACE[len(hands)][player](hands, rest)
                            new.table_mask = state.table_mask + bit
                            new.playable_mask = playable + _PLAYABLE_CHANGE[index]
                            new.stacks = state.stacks
                            new.pot = state.pot
                            new.settled_stacks = state.settled_stacks
                            new.dealer = state.dealer
                            new.to_play = self._next_seat[player]
                            new.round_number = state.round_number
                            new.history = state.history + _PLAY_TURNS[player][index]
                            new.stack_emptied = state.stack_emptied
                            new.chance_key = state.chance_key
                            new.pending_decks = state.pending_decks
                            new.__class__ = SixesState
                            return new  # type: ignore[no-any-return]
                        # The round's last card (S8).
                        return self._last_card(state, player, bit.bit_length() - 1)
                raise self._refuse(state, player, action)
            if action.__class__ is Pass:
                if player is None:
                    raise self._refuse(state, player, action)
                stacks = state.stacks
                chips = stacks[player]
                if chips > 1 and not state.hand_masks[player] & state.playable_mask:
                    # The common pass, inline: legal without a play (S7), and the passer
                    # keeps a chip.
                    new = _NEW_STATE()
                    new.hand_masks = state.hand_masks
                    new.table_mask = state.table_mask
                    new.playable_mask = state.playable_mask
                    new.stacks = _REPLACE[len(stacks)][player](stacks, chips - 1)
                    new.pot = state.pot + 1
                    new.settled_stacks = state.settled_stacks
                    new.dealer = state.dealer
                    new.to_play = self._next_seat[player]
                    new.round_number = state.round_number
                    new.history = state.history + _PASS_TURNS[player]
                    new.stack_emptied = state.stack_emptied
                    new.chance_key = state.chance_key
                    new.pending_decks = state.pending_decks
                    new.__class__ = SixesState
                    return new  # type: ignore[no-any-return]
                return self._pass(state, player)
        except AttributeError:
            if state.__class__ is not SixesState:
                raise _foreign(state) from None
            raise IllegalActionError(
                f"a {type(action).__name__} without its fields is not legal for player "
                f"{state.to_play}: a Sixes action is Play (S6) or Pass (S7)"
            ) from None
        if player is None:
            raise IllegalActionError(f"{action!r} is not legal: {_game_over(state)}")
        raise IllegalActionError(
            f"{action!r} is not legal for player {player}: a Sixes action is Play (S6) or Pass (S7)"
        )

    def random_playout(
        self,
        state: SixesState,
        randbelow: Callable[[int], int],
        horizon: int | None = None,
        limit: int | None = None,
    ) -> SixesState:
        """Where uniformly random play from ``state`` stops, played fast; ``state`` is unchanged.

        The same state, after the same calls of ``randbelow``, as the protocol's loop
        :func:`cardgames.game.random_playout` (which calls this method): each turn plays
        ``legal_actions(state)[randbelow(n)]`` of the ``n`` legal actions, until the game is
        over, ``limit`` actions have been played, or the round is no longer ``horizon``. The
        turns are played on a private mutable position and one state is built at the end; the
        last card of a round (S8) and a pass from a stack of one chip or none (S7, S10) go
        through :meth:`apply`.

        Raises:
            InvalidStateError: ``state`` is not a Sixes state.
        """
        return play_randomly(
            state,
            randbelow,
            horizon,
            limit,
            apply=self.apply,
            next_seat=self._next_seat,
            may_pass=self._may_pass,
            choices=self._choices,
            last_card=self._last_card,
        )

    def random_playout_returns(
        self,
        state: SixesState,
        randbelow: Callable[[int], int],
        horizon: int | None = None,
        limit: int | None = None,
    ) -> tuple[int, ...]:
        """The :meth:`returns` where uniformly random play from ``state`` stops.

        ``returns(random_playout(state, randbelow, horizon, limit))``, after the same calls
        of ``randbelow`` (see :func:`cardgames.game.random_playout_returns`, which calls this
        method). With a ``horizon``, the rollout stops at the round's last card (S8), so the
        round is settled (the pot to the winner, ``pay_per_card_left``) without dealing the
        next one (S9): the returns count only the settled stacks.

        Raises:
            InvalidStateError: ``state`` is not a Sixes state.
        """
        if horizon is None:
            return self.returns(self.random_playout(state, randbelow, horizon, limit))
        settled = score_randomly(
            state,
            randbelow,
            horizon,
            limit,
            apply=self.apply,
            next_seat=self._next_seat,
            may_pass=self._may_pass,
            choices=self._choices,
            settle=self._settle,
        )
        start = self.config.starting_chips
        return tuple([chips - start for chips in settled])

    def why_illegal(self, state: SixesState, action: object) -> str | None:
        """Why ``action`` is not legal in ``state`` (naming the rule), or None when it is.

        Raises:
            InvalidStateError: ``state`` is not a Sixes state.
        """
        if state.__class__ is not SixesState:
            raise _foreign(state)
        player = state.to_play
        if player is None:
            return _game_over(state)
        if action.__class__ not in _ACTION_CLASSES:
            return "a Sixes action is Play (S6) or Pass (S7)"
        match action:
            case Play(card=Card() as card):
                return self._play_problem(state, player, card)
            case Play(card=card):
                return f"{card!r} is not a card (S2)"
            case _:
                return self._pass_problem(state, player)

    def _pass_problem(self, state: SixesState, player: int) -> str | None:
        if not state.table_mask:
            return "the 6♦ opens (S5)"
        if self._legal_key(state, player) & PASS_FLAG:
            return None
        return "must play when able (S7)"

    def _play_problem(self, state: SixesState, player: int, card: Card) -> str | None:
        index = index_of(card)
        if index is None:
            return f"{card.unicode} is not in the 40-card Sixes deck (S2)"
        bit = 1 << index
        if not state.hand_masks[player] & bit:
            return f"{card.unicode} is not in their hand (S6)"
        if state.playable_mask & bit:
            return None
        if not state.table_mask:
            return f"the {SIX_OF_DIAMONDS.unicode} opens (S5)"
        suit_bits = ((1 << SUIT_SPAN) - 1) << (SUIT_SPAN * card.suit)
        word = _suit_word(card.suit)
        if state.table_mask & suit_bits:
            return f"{card.unicode} does not extend the {word} column (S6)"
        six = SIXES_DECK[SUIT_SPAN * card.suit + SIX_POSITION].unicode
        return f"{card.unicode} does not extend the {word} column (S6): only the {six} can start it"

    def _reject(self, state: SixesState, player: int, action: object) -> IllegalActionError:
        reason = self.why_illegal(state, action)
        return IllegalActionError(f"{action!r} is not legal for player {player}: {reason}")

    def _refuse(
        self, state: SixesState, player: PlayerId | None, action: SixesAction
    ) -> IllegalActionError:
        """The error for an action ``apply`` found illegal, naming the rule."""
        if player is None:
            return IllegalActionError(f"{action!r} is not legal: {_game_over(state)}")
        return self._reject(state, player, action)

    def _last_card(self, state: SixesState, player: PlayerId, index: int) -> SixesState:
        """Play the card of index ``index``, the last of ``player``'s hand (S6), and settle (S8).

        The round's final position (its hands, table and history) is built only when the game
        ends with it; otherwise the next round is dealt from the settled stacks (S9).
        """
        stacks = state.stacks
        if self._pays_per_card:
            settled = self._settle(list(stacks), state.hand_masks, state.pot, player)
        else:  # the winner takes the pot, and that is all (S8)
            settled = _REPLACE[len(stacks)][player](stacks, stacks[player] + state.pot)
        round_number = state.round_number
        if (
            state.stack_emptied
            or 0 in settled
            or (self._max_rounds is not None and round_number >= self._max_rounds)
        ):
            bit = BITS[index]
            return _final_state(
                state,
                hands=_REPLACE[len(state.hand_masks)][player](state.hand_masks, 0),
                table=state.table_mask | bit,
                playable=(state.playable_mask ^ bit) | GROWTH[index],
                stacks=settled,
                history=state.history + _TURN_TUPLES[player][index],
                emptied=state.stack_emptied or 0 in settled,
            )
        history = state.history
        # Whoever played the 6♦ deals the next round (S9): the first turn of the round, or
        # this one when the 6♦ was the only card of the hand.
        dealer = history[0].player if history else player
        chance_key = state.chance_key
        pending = state.pending_decks
        if pending:
            hands = self._hands([card_index(card) for card in pending[0]], dealer)
            pending = pending[1:]
        else:
            rng = seeded_random((chance_key << 32) | (round_number + 1))
            hands = self._shuffled_hands(rng, dealer)
        return self._deal(hands, dealer, settled, round_number + 1, chance_key, pending)

    def _pass(self, state: SixesState, player: PlayerId) -> SixesState:
        """Pass (S7): any pass of ``player`` that ``apply`` does not make inline, or why not."""
        if not self._legal_key(state, player) & PASS_FLAG:
            raise self._reject(state, player, PASS)
        history = state.history + _TURN_TUPLES[player][PASS_ID]
        stacks = state.stacks
        pot = state.pot
        emptied = state.stack_emptied
        chips = stacks[player]
        end_now = False
        if chips:
            stacks = _REPLACE[len(stacks)][player](stacks, chips - 1)
            pot += 1
            if chips == 1:
                emptied = True
                end_now = self.config.game_end is GameEnd.IMMEDIATE
        else:
            end_now = self.config.broke_pass is BrokePass.END_GAME
        following = self._next_seat[player]
        if end_now:
            stacks = self._award_abandoned_pot(state.hand_masks, stacks, pot, following)
            return _final_state(
                state,
                hands=state.hand_masks,
                table=state.table_mask,
                playable=state.playable_mask,
                stacks=stacks,
                history=history,
                emptied=emptied,
            )
        return unchecked_state(
            state.hand_masks,
            state.table_mask,
            state.playable_mask,
            stacks,
            pot,
            state.settled_stacks,
            state.dealer,
            following,
            state.round_number,
            history,
            emptied,
            state.chance_key,
            state.pending_decks,
        )

    def _award_abandoned_pot(
        self, hands: tuple[int, ...], stacks: tuple[int, ...], pot: int, following: PlayerId
    ) -> tuple[int, ...]:
        """Give an unfinished round's pot to the player with fewest cards (S10, immediate).

        Ties go to whichever of the tied players would have played first from ``following``.
        """
        fewest = min(mask.bit_count() for mask in hands)
        seat = following
        while hands[seat].bit_count() != fewest:
            seat = self._next_seat[seat]
        return _REPLACE[len(stacks)][seat](stacks, stacks[seat] + pot)

    def _settle(
        self, stacks: list[int], hands: Sequence[int], pot: int, winner: PlayerId
    ) -> tuple[int, ...]:
        """The ``stacks`` (changed) once ``winner`` takes ``pot``, the cards left paid (S8)."""
        stacks[winner] += pot
        per_card = self.config.pay_per_card_left
        if per_card:
            for seat, mask in enumerate(hands):
                if seat != winner:
                    paid = min(stacks[seat], per_card * mask.bit_count())
                    stacks[seat] -= paid
                    stacks[winner] += paid
        return tuple(stacks)

    # --- results ---

    def returns(self, state: SixesState) -> tuple[int, ...]:
        """Each seat's chip change since the start, as of the last settlement (sums to zero).

        During a round the chips in its pot are not counted yet: the figures are those at the
        start of the round. Once the game is over they are final.

        Raises:
            InvalidStateError: ``state`` is not a Sixes state.
        """
        if state.__class__ is not SixesState:
            raise _foreign(state)
        start = self.config.starting_chips
        return tuple([chips - start for chips in state.settled_stacks])

    def standings(self, state: SixesState) -> tuple[tuple[PlayerId, int], ...]:
        """``(seat, chips)`` pairs, most chips first (ties by seat), as of the last settlement."""
        return ranked(state.settled_stacks)

    def winners(self, state: SixesState) -> frozenset[PlayerId]:
        """The seats with the most chips; several share the win on a tie (S10)."""
        return best_seats(self.returns(state))

    # --- hidden information ---

    def observe(self, state: SixesState, player: PlayerId | None) -> SixesObservation:
        """What ``player`` may know: their hand, the table, hand sizes, chips, this round's history.

        ``player=None`` gives a spectator's view: the same without any hand.

        Raises:
            InvalidPlayerError: ``player`` is neither a seat (an int, not a bool, in range)
                nor None.
            InvalidStateError: ``state`` is not a Sixes state.
        """
        if state.__class__ is not SixesState:
            raise _foreign(state)
        if player is not None and (
            player.__class__ is not int or not 0 <= player < self.config.num_players
        ):
            player = check_seat(player, self.config.num_players)
        if player is None:
            return observe_seat(state, None, frozenset())
        try:
            mask = state.hand_masks[player]
        except IndexError:
            seats = len(state.hand_masks)
            raise InvalidStateError(
                f"the state has {seats} seats, so no seat {player}: it is not a state of this "
                f"{self.config.num_players}-player game"
            ) from None
        hand = self._hand_sets.get(mask)
        if hand is None:
            hand = self._hand_set(mask)
        return observe_seat(state, player, hand)

    def _hand_set(self, mask: int) -> frozenset[Card]:
        """The cards of the hand ``mask`` as a frozenset, kept in the game's cache.

        Built as ``frozenset(cards_of_mask(mask))``, which hashes every card (a Python-level
        ``__hash__``, most of the cost of ``observe``); an observation of the same hand again
        (the same seat before it plays, a search or a front end observing a position anew)
        shares the frozenset. Built the same way, it iterates in the same order.
        """
        cache = self._hand_sets
        masks = self._hand_masks  # the other way round, for determinize
        if len(cache) >= _HAND_SET_LIMIT:
            cache.clear()
            masks.clear()
        hand = cache[mask] = frozenset(cards_of_mask(mask))
        masks[hand] = mask
        return hand

    def determinize(self, observation: SixesObservation, rng: random.Random) -> SixesState:
        """A full state the observer cannot tell from the real one.

        The other hands are dealt from the unseen cards at random (each keeps its size) and a
        fresh chance key is drawn for later deals, all from ``rng``. Before the opening the
        player to act is known to hold the 6♦ (S5), so every sample gives it to them. Under
        ``must_play_if_able`` a player who passed held no card playable at that moment and,
        hands only shrinking, still holds none (S7): no sample gives them one.

        Raises:
            InvalidStateError: ``observation`` is not a Sixes observation, does not fit this
                game (seats, hand sizes), or no deal of the unseen cards agrees with it (the
                6♦, the passes).
            TypeError: ``rng`` is not a ``random.Random``.
        """
        samplers = self._sampler
        last = samplers[0] if samplers else None  # one read: another thread may replace it
        if last is not None and last.observation is observation:
            # The same observation again (a search samples one many times): it passed every
            # check below, and its first sample the state check; every sample differs only in
            # the hidden hands, dealt from exactly the unseen cards with the same constraints.
            if rng.__class__ is not random.Random and not isinstance(rng, random.Random):
                raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
            return sample(last, rng)
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
        if observation.__class__ is not SixesObservation:
            raise InvalidStateError(f"{type(observation).__name__} is not a SixesObservation")
        config = self.config
        if len(observation.hand_sizes) != config.num_players:
            raise InvalidStateError(
                f"the observation has {len(observation.hand_sizes)} seats, not {config.num_players}"
            )
        # The mask of a hand this game's observe made (a frozenset keeps its hash once taken).
        hand = observation.hand
        own = self._hand_masks.get(hand) if hand.__class__ is frozenset else None
        # A history that goes on from the last one's is replayed from where that one left off.
        sampler = prepare(
            observation, must_play_if_able=config.must_play_if_able, own=own, last=last
        )
        state = sample(sampler, rng)
        check_state(state, replayed_table=sampler.replayed.table)
        samplers[:] = [sampler]
        return state


def _final_state(  # noqa: PLR0913 - the final position, by keyword
    state: SixesState,
    *,
    hands: tuple[int, ...],
    table: int,
    playable: int,
    stacks: tuple[int, ...],
    history: tuple[SixesTurn, ...],
    emptied: bool,
) -> SixesState:
    """The final state of a game: every chip settled, the pot empty, nobody to play (S10, S12)."""
    return unchecked_state(
        hands,
        table,
        playable,
        stacks,
        0,
        stacks,
        state.dealer,
        None,
        state.round_number,
        history,
        emptied,
        state.chance_key,
        state.pending_decks,
    )
