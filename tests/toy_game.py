"""A tiny two-player trick game used to prove the protocol-level test suites.

Six cards (2♠…7♠) are dealt three each. The leader plays a card, the other player follows
with any card; the higher card wins the trick and one chip from the loser, and its winner
leads next. After three tricks the game ends. Hidden information: the opponent's hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from cardgames.cards import Card, Rank, Suit, make_rng, shuffled
from cardgames.chance import ChanceStructure
from cardgames.errors import IllegalActionError, InvalidStateError
from cardgames.game import PlayerId, check_deck, check_seat, is_int, legal_action_mask
from cardgames.registry import register_game
from cardgames.spec import GameSpec
from cardgames.tensor import FieldWriter, TensorField, TensorLayout

DECK = tuple(Card(Rank(r), Suit.SPADES) for r in range(2, 8))


@attrs.frozen
class PlayCard:
    """Play ``card`` from the hand."""

    card: Card


@attrs.frozen(kw_only=True)
class ToyState:
    """A full state of the toy game."""

    hands: tuple[frozenset[Card], frozenset[Card]]
    table: tuple[Card, ...]
    to_move: PlayerId
    chips: tuple[int, int]
    history: tuple[tuple[PlayerId, Card], ...]


@attrs.frozen(kw_only=True)
class ToyObservation:
    """One player's view: their hand and everything public."""

    player: PlayerId
    hand: frozenset[Card]
    opponent_hand_size: int
    table: tuple[Card, ...]
    to_move: PlayerId | None
    chips: tuple[int, int]
    history: tuple[tuple[PlayerId, Card], ...]


class ToyGame:
    """The toy trick game behind the :class:`cardgames.game.Game` protocol."""

    @property
    def name(self) -> str:
        return "toy"

    @property
    def config(self) -> None:
        return None

    @property
    def spec(self) -> GameSpec[ToyState, PlayCard, ToyObservation, None]:
        return SPEC

    @property
    def num_players(self) -> int:
        return 2

    @property
    def num_distinct_actions(self) -> int:
        return len(DECK)

    def initial_state(
        self, seed: int | random.Random | None = None, *, deck: Sequence[Card] | None = None
    ) -> ToyState:
        order = shuffled(DECK, make_rng(seed)) if deck is None else check_deck(deck, DECK)
        return ToyState(
            hands=(frozenset(order[0::2]), frozenset(order[1::2])),
            table=(),
            to_move=PlayerId(0),
            chips=(0, 0),
            history=(),
        )

    def is_terminal(self, state: ToyState) -> bool:
        return not state.hands[0] and not state.hands[1]

    def current_player(self, state: ToyState) -> PlayerId | None:
        return None if self.is_terminal(state) else state.to_move

    def legal_actions(self, state: ToyState) -> tuple[PlayCard, ...]:
        _check(state)
        if self.is_terminal(state):
            return ()
        return tuple(PlayCard(card) for card in sorted(state.hands[state.to_move]))

    def legal_action_mask(self, state: ToyState) -> tuple[bool, ...]:
        return legal_action_mask(self, state)

    def why_illegal(self, state: ToyState, action: object) -> str | None:
        _check(state)
        if self.is_terminal(state):
            return "the game is over"
        player = state.to_move
        if not isinstance(action, PlayCard):
            return f"player {player} may only play a card (PlayCard)"
        if action not in self.legal_actions(state):
            return f"player {player} does not hold that card"
        return None

    def apply(self, state: ToyState, action: PlayCard) -> ToyState:
        reason = self.why_illegal(state, action)
        if reason is not None:
            raise IllegalActionError(f"{action!r} is not legal: {reason}")
        player = state.to_move
        hands = list(state.hands)
        hands[player] = hands[player] - {action.card}
        table = (*state.table, action.card)
        chips = state.chips
        next_player = PlayerId(1 - player)
        if len(table) == 2:
            winner = player if table[1] > table[0] else next_player
            chips = (1, -1) if winner == 0 else (-1, 1)
            chips = (state.chips[0] + chips[0], state.chips[1] + chips[1])
            table, next_player = (), winner
        return ToyState(
            hands=(hands[0], hands[1]),
            table=table,
            to_move=next_player,
            chips=chips,
            history=(*state.history, (player, action.card)),
        )

    def returns(self, state: ToyState) -> tuple[int, ...]:
        return state.chips

    def observe(self, state: ToyState, player: PlayerId) -> ToyObservation:
        _check(state)
        player = check_seat(player, 2)
        return ToyObservation(
            player=player,
            hand=state.hands[player],
            opponent_hand_size=len(state.hands[1 - player]),
            table=state.table,
            to_move=self.current_player(state),
            chips=state.chips,
            history=state.history,
        )

    def determinize(self, observation: ToyObservation, rng: random.Random) -> ToyState:
        if not isinstance(observation, ToyObservation):
            raise InvalidStateError(f"{type(observation).__name__} is not a ToyObservation")
        seen = observation.hand | {card for _, card in observation.history}
        unseen = [card for card in DECK if card not in seen]
        rng.shuffle(unseen)
        other = frozenset(unseen[: observation.opponent_hand_size])
        hands = [frozenset[Card](), frozenset[Card]()]
        hands[observation.player] = observation.hand
        hands[1 - observation.player] = other
        return ToyState(
            hands=(hands[0], hands[1]),
            table=observation.table,
            to_move=observation.to_move if observation.to_move is not None else PlayerId(0),
            chips=observation.chips,
            history=observation.history,
        )

    def action_id(self, action: object) -> int:
        if not isinstance(action, PlayCard) or action.card not in DECK:
            raise IllegalActionError(f"{action!r} is not a toy action")
        return DECK.index(action.card)

    def action_from_id(self, action_id: int) -> PlayCard:
        if not is_int(action_id) or not 0 <= action_id < len(DECK):
            raise IllegalActionError(f"action id {action_id!r} is out of range 0..{len(DECK) - 1}")
        return PlayCard(DECK[action_id])


def _check(state: object) -> None:
    if not isinstance(state, ToyState):
        raise InvalidStateError(f"{type(state).__name__} is not a ToyState")


class ToyTensors:
    """Hand, table, cards played, chips, whose turn, the opponent's hand size."""

    def fields(self, game: ToyGame) -> tuple[TensorField, ...]:  # noqa: ARG002 - one shape
        """The fields of the toy game's observation tensor."""
        layout = TensorLayout()
        layout.add("hand", len(DECK), "the observer's cards")
        layout.add("table", len(DECK), "the card led to the current trick")
        layout.add("played", (2, len(DECK)), "cards played by the observer, by the other")
        layout.add("chips", 2, "chips of the observer, of the other")
        layout.add("to_move", 2, "one-hot: the observer, the other")
        layout.add("opponent_cards", 1, "cards in the other hand")
        return layout.fields

    def encode(self, game: ToyGame, observation: ToyObservation, out: FieldWriter) -> None:
        """Write ``observation`` into the zeroed vector ``out``."""
        hand, table, played, chips, to_move, opponent = self.fields(game)
        me = observation.player
        for card in observation.hand:
            out[hand.start + DECK.index(card)] = 1.0
        for card in observation.table:
            out[table.start + DECK.index(card)] = 1.0
        for seat, card in observation.history:
            out[played.start + (seat != me) * len(DECK) + DECK.index(card)] = 1.0
        out[chips.start] = observation.chips[me]
        out[chips.start + 1] = observation.chips[1 - me]
        if observation.to_move is not None:
            out[to_move.start + (observation.to_move != me)] = 1.0
        out[opponent.start] = observation.opponent_hand_size


SPEC: GameSpec[ToyState, PlayCard, ToyObservation, None] = GameSpec(
    name="toy",
    make_game=lambda _config: ToyGame(),
    config_class=None,
    state_class=ToyState,
    observation_class=ToyObservation,
    action_classes=(PlayCard,),
    rules="Two players, six spades; the higher card of each trick wins a chip.",
    # one deal, no dealer drawn, three tricks of two cards; a seat wins or loses 3 chips at most
    chance_structure=ChanceStructure(
        deck=DECK, max_game_length=lambda _game: len(DECK), returns_range=lambda _game: (-3, 3)
    ),
    tensors=ToyTensors(),
)

register_game(SPEC)


BARE_SPEC: GameSpec[ToyState, PlayCard, ToyObservation, None] = attrs.evolve(
    SPEC, chance_structure=None, tensors=None
)
"""The toy game's spec without the optional adapter parts (not registered)."""


class BareToyGame(ToyGame):
    """The toy game as a game that declares neither a chance structure nor tensors."""

    @property
    def spec(self) -> GameSpec[ToyState, PlayCard, ToyObservation, None]:
        """:data:`BARE_SPEC`."""
        return BARE_SPEC
