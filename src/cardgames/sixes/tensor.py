"""The fixed-shape observation tensor of Sixes, for learning code (see :mod:`cardgames.tensor`).

Cards are indexed as in :mod:`cardgames.sixes.deck` (suit by suit, A…K; the 6♦ is 15), and
seats relative to the observer (0 is the observer, 1 the next seat in seat order, …). With
``n`` players the vector has ``123 + 5 n`` values; :data:`TENSORS` lists the fields::

    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> from cardgames.sixes.tensor import TENSORS
    >>> game = Sixes(SixesConfig(num_players=2))
    >>> TENSORS.fields(game)[-1].stop
    133
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from cardgames.sixes.action import PASS, Pass
from cardgames.sixes.deck import CARD_INDEX, DECK_SIZE, playable_mask
from cardgames.tensor import FieldWriter, TensorField, TensorLayout, viewer_seat

if TYPE_CHECKING:
    from cardgames.sixes.game import Sixes
    from cardgames.sixes.observation import SixesObservation

__all__ = ["TENSORS", "SixesTensors"]


@functools.lru_cache(maxsize=8)  # one layout per table size, a pure function of it
def _layout(num_players: int) -> tuple[TensorField, ...]:
    n = num_players
    layout = TensorLayout()
    layout.add("hand", DECK_SIZE, "1 for each card in the observer's hand")
    layout.add("table", DECK_SIZE, "1 for each card played this round (S6)")
    layout.add("playable", DECK_SIZE, "1 for each card that may be played next (S5, S6)")
    layout.add("hand_sizes", n, "cards held by each seat, relative to the observer")
    layout.add("stacks", n, "each seat's chips now, relative to the observer (S3)")
    layout.add("pot", 1, "chips in this round's pot (S7)")
    layout.add("to_play", n, "one-hot: the seat to act (all 0 once the game is over)")
    layout.add("dealer", n, "one-hot: this round's dealer (S4, S9)")
    layout.add("passes", n, "passes by each seat so far this round (S7)")
    layout.add("round", 1, "the round being played, from 1")
    layout.add("stack_emptied", 1, "1 once a stack has reached 0 this round (S10)")
    return layout.fields


class SixesTensors:
    """The Sixes encoding: what one player may know, in ``123 + 5 n`` float values."""

    def fields(self, game: Sixes) -> tuple[TensorField, ...]:
        """The fields for ``game``'s table size, in order (hand, table, playable, …)."""
        return _layout(game.num_players)

    def encode(self, game: Sixes, observation: SixesObservation, out: FieldWriter) -> None:
        """Write ``observation`` into the zeroed vector ``out``."""
        (hand, table, playable, sizes, stacks, pot, to_play, dealer, passes, rnd, emptied) = (
            self.fields(game)
        )
        n = game.num_players
        me = viewer_seat(observation.player)
        start = hand.start
        for card in observation.hand:
            out[start + CARD_INDEX[card]] = 1.0
        table_mask = 0
        start = table.start
        for column in observation.columns:
            for card in column:
                index = CARD_INDEX[card]
                out[start + index] = 1.0
                table_mask |= 1 << index
        start = playable.start
        bits = playable_mask(table_mask)
        while bits:
            low = bits & -bits
            out[start + low.bit_length() - 1] = 1.0
            bits ^= low
        for seat in range(n):
            place = (seat - me) % n
            out[sizes.start + place] = float(observation.hand_sizes[seat])
            out[stacks.start + place] = float(observation.stacks[seat])
        out[pot.start] = float(observation.pot)
        if observation.to_play is not None:
            out[to_play.start + (observation.to_play - me) % n] = 1.0
        out[dealer.start + (observation.dealer - me) % n] = 1.0
        counts = [0] * n
        for turn in observation.history:
            if turn.action is PASS or isinstance(turn.action, Pass):
                counts[(turn.player - me) % n] += 1
        for place, count in enumerate(counts):
            out[passes.start + place] = float(count)
        out[rnd.start] = float(observation.round_number)
        out[emptied.start] = float(observation.stack_emptied)


TENSORS: Final = SixesTensors()
"""The Sixes :class:`~cardgames.tensor.TensorSpec`."""
