"""Cinquillo's tensors and chance structure: what learning code and OpenSpiel need (C1-C6).

The spec names both (``tensors``, ``chance_structure``), so the library's OpenSpiel,
PettingZoo and Gymnasium adapters play the game unchanged. The observation tensor, for ``n``
players, with seats relative to the observer (the observer first, then clockwise):

=============  ==========  ===========================================================
field          shape       values
=============  ==========  ===========================================================
``hand``       40          1 for each card in the observer's hand (:data:`DECK` order)
``table``      40          1 for each card on the table (C3)
``playable``   40          1 for each card that may be played on the table (C2, C3)
``to_play``    n           one-hot: whose turn it is (all 0 once the game is over)
``hand_size``  n           cards left in each hand, divided by 40
``passes``     n           passes each seat made so far, divided by 40 (C4)
=============  ==========  ===========================================================

>>> from cinquillo import Cinquillo, CinquilloConfig
>>> from cinquillo.tensor import CHANCE, TENSORS
>>> game = Cinquillo(CinquilloConfig(num_players=3))
>>> [(field.name, field.start, field.stop) for field in TENSORS.fields(game)][-1]
('passes', 126, 129)
>>> CHANCE.max_game_length(game), CHANCE.returns_range(game)
(120, (-14, 28))
"""

from __future__ import annotations

from typing import Final

from cardgames.chance import ChanceStructure
from cardgames.tensor import FieldWriter, TensorField, TensorLayout
from cinquillo.game import DECK, Cinquillo, CinquilloObservation, Pass, playable

__all__ = ["CHANCE", "TENSORS", "CinquilloTensors"]

_INDEX: Final = {card: i for i, card in enumerate(DECK)}


class CinquilloTensors:
    """The observation encoding of Cinquillo (see the module's table)."""

    def fields(self, game: Cinquillo) -> tuple[TensorField, ...]:
        """The fields for ``game``'s number of players."""
        n = game.num_players
        layout = TensorLayout()
        layout.add("hand", len(DECK), "the observer's cards")
        layout.add("table", len(DECK), "the cards on the table")
        layout.add("playable", len(DECK), "the cards that may be played on the table")
        layout.add("to_play", n, "one-hot, relative to the observer: whose turn it is")
        layout.add("hand_size", n, "cards left in each hand / 40, relative to the observer")
        layout.add("passes", n, "passes made by each seat / 40, relative to the observer")
        return layout.fields

    def encode(self, game: Cinquillo, observation: CinquilloObservation, out: FieldWriter) -> None:
        """Write ``observation`` into the zeroed vector ``out``."""
        hand, table, can_play, to_play, hand_size, passes = self.fields(game)
        n = game.num_players
        me = observation.player
        for card in observation.hand:
            out[hand.start + _INDEX[card]] = 1.0
        for card in observation.table:
            out[table.start + _INDEX[card]] = 1.0
        if observation.to_play is not None:
            for card in playable(observation.table):
                out[can_play.start + _INDEX[card]] = 1.0
            out[to_play.start + (observation.to_play - me) % n] = 1.0
        for seat, size in enumerate(observation.hand_sizes):
            out[hand_size.start + (seat - me) % n] = size / len(DECK)
        counts = [0] * n
        for seat, action in observation.history:
            if isinstance(action, Pass):
                counts[(seat - me) % n] += 1
        for offset, count in enumerate(counts):
            out[passes.start + offset] = count / len(DECK)


def _max_game_length(game: Cinquillo) -> int:
    """A bound on the actions of a game: 40 plays, and fewer than ``n`` passes before each.

    Every card is dealt, so someone can always play, and must (C3, C4).
    """
    return len(DECK) * game.num_players


def _returns_range(game: Cinquillo) -> tuple[int, int]:
    """A loser pays at most the cards dealt to one hand; the winner gets every loser's (C6)."""
    most = -(-len(DECK) // game.num_players)
    return (-most, (game.num_players - 1) * most)


TENSORS: Final = CinquilloTensors()
"""The Cinquillo :class:`~cardgames.tensor.TensorSpec`."""

CHANCE: Final = ChanceStructure(
    deck=DECK, max_game_length=_max_game_length, returns_range=_returns_range
)
"""Cinquillo's chance: one deal of the whole deck, seat 0 first (C1); nothing is shuffled
later and no dealer is drawn."""
