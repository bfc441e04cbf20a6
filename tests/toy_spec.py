"""The toy game of tests/toy_game.py, given a spec with tensors and chance from outside.

This is how a game that lives outside the package joins the adapters: its ``spec`` offers a
``tensors`` TensorSpec and a ``chance`` ChanceSpec, and it is registered by name.
"""

from __future__ import annotations

from typing import Final

import attrs

from cardgames.chance import DeckChance
from cardgames.registry import GameInfo, register_game
from cardgames.tensor import FieldWriter, TensorField, TensorLayout
from toy_game import DECK, PlayCard, ToyGame, ToyObservation, ToyState


class ToyTensors:
    """Hand, table, cards played, chips, whose turn, the opponent's hand size."""

    def fields(self, game: ToyGame) -> tuple[TensorField, ...]:  # noqa: ARG002 - one shape
        layout = TensorLayout()
        layout.add("hand", len(DECK), "the observer's cards")
        layout.add("table", len(DECK), "the card led to the current trick")
        layout.add("played", (2, len(DECK)), "cards played by the observer, by the other")
        layout.add("chips", 2, "chips of the observer, of the other")
        layout.add("to_move", 2, "one-hot: the observer, the other")
        layout.add("opponent_cards", 1, "cards in the other hand")
        return layout.fields

    def encode(self, game: ToyGame, observation: ToyObservation, out: FieldWriter) -> None:
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


@attrs.frozen
class ToySpec:
    """What the adapters need beyond the protocol."""

    tensors: ToyTensors
    chance: DeckChance


SPEC: Final = ToySpec(
    tensors=ToyTensors(),
    chance=DeckChance(deck=DECK, max_length=len(DECK), returns_bounds=(-3, 3)),
)


class SpecToyGame(ToyGame):
    """The toy game with its spec."""

    @property
    def spec(self) -> ToySpec:
        return SPEC


register_game(
    GameInfo(
        name="toy",
        make_game=lambda _config: SpecToyGame(),
        config_class=None,
        state_class=ToyState,
        observation_class=ToyObservation,
        action_classes=(PlayCard,),
    )
)
