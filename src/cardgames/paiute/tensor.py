"""The fixed-shape observation tensor of Paiute, for learning code (see :mod:`cardgames.tensor`).

Cards are indexed by :attr:`cardgames.cards.Card.index` (``(rank - 2) * 4 + suit``, 0..51),
and seats relative to the observer (0 is the observer, 1 the next seat clockwise, …). With
``n`` players the vector has ``280 + 58 n`` values; :data:`TENSORS` lists the fields::

    >>> from cardgames.paiute import Paiute, PaiuteConfig
    >>> from cardgames.paiute.tensor import TENSORS
    >>> game = Paiute(PaiuteConfig(num_players=3))
    >>> TENSORS.fields(game)[-1].stop
    454
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from cardgames.paiute.observation import known_cards
from cardgames.tensor import FieldWriter, TensorField, TensorLayout, viewer_seat

if TYPE_CHECKING:
    from cardgames.paiute.game import Paiute
    from cardgames.paiute.observation import PaiuteObservation

__all__ = ["TENSORS", "PaiuteTensors"]

_CARDS: Final = 52
_RANKS: Final = 13


@functools.lru_cache(maxsize=8)  # one layout per table size, a pure function of it
def _layout(num_players: int) -> tuple[TensorField, ...]:
    n = num_players
    layout = TensorLayout()
    layout.add("hand", _CARDS, "1 for each card in the observer's hand")
    layout.add("discard_pile", _CARDS, "1 for each card in the face-up discard pile (P7)")
    layout.add("top_discard", _CARDS, "one-hot: the card a draw from the discard pile takes (P9)")
    layout.add("wild_card", _CARDS, "one-hot: the turned card (P6)")
    layout.add("wild_rank", _RANKS, "one-hot: the wild rank, 2 first (P6)")
    layout.add("drawn_card", _CARDS, "one-hot: this turn's drawn card, when it is known (P9)")
    layout.add(
        "known_cards",
        (n, _CARDS),
        "per seat relative to the observer, the cards the public record puts in its hand "
        "(taken from the discard pile, shown in a call; the observer's own row is 0)",
    )
    layout.add("has_drawn", 1, "1 when the player to act has drawn this turn (P9)")
    layout.add("drawn_from_discard", 1, "1 when this turn's draw came from the discard pile (P9)")
    layout.add("wild_card_in_stock", 1, "1 while the turned card lies under the stock (P6)")
    layout.add("stock_size", 1, "cards in the stock (P10)")
    layout.add("hand_sizes", n, "cards held by each seat, relative to the observer")
    layout.add("stacks", n, "each seat's chips outside the pot, relative to the observer (P19)")
    layout.add("pot", 1, "chips in the pot (P3)")
    layout.add("to_play", n, "one-hot: the seat to act (all 0 once the session is over)")
    layout.add("dealer", n, "one-hot: the dealer of this deal (P4)")
    layout.add("caller", n, "one-hot: who called this deal, if anyone (P11)")
    layout.add("last_to_play", n, "one-hot: after a call, whose final turn ends the deal (P12)")
    layout.add("turns_played", 1, "turns completed in this deal (P21)")
    layout.add("deal_number", 1, "the deal's number in the session, from 0 (P20)")
    return layout.fields


class PaiuteTensors:
    """The Paiute encoding: what one player may know, in ``280 + 58 n`` float values."""

    def fields(self, game: Paiute) -> tuple[TensorField, ...]:
        """The fields for ``game``'s table size, in order (hand, discard pile, …)."""
        return _layout(game.num_players)

    def encode(self, game: Paiute, observation: PaiuteObservation, out: FieldWriter) -> None:
        """Write ``observation`` into the zeroed vector ``out``."""
        (
            hand,
            pile,
            top,
            wild,
            wild_rank,
            drawn,
            known,
            has_drawn,
            from_discard,
            in_stock,
            stock,
            sizes,
            stacks,
            pot,
            to_play,
            dealer,
            caller,
            last,
            turns,
            deal,
        ) = self.fields(game)
        n = game.num_players
        me = viewer_seat(observation.player)
        for card in observation.hand:
            out[hand.start + card.index] = 1.0
        for card in observation.discard_pile:
            out[pile.start + card.index] = 1.0
        if observation.discard_pile:
            out[top.start + observation.discard_pile[-1].index] = 1.0
        out[wild.start + observation.wild_card.index] = 1.0
        out[wild_rank.start + observation.wild_card.rank - 2] = 1.0
        if observation.drawn_card is not None:
            out[drawn.start + observation.drawn_card.index] = 1.0
        for seat, cards in enumerate(known_cards(observation)):
            row = known.start + ((seat - me) % n) * _CARDS
            for card in cards:
                out[row + card.index] = 1.0
        out[has_drawn.start] = float(observation.has_drawn)
        out[from_discard.start] = float(observation.drawn_from_discard)
        out[in_stock.start] = float(observation.wild_card_in_stock)
        out[stock.start] = float(observation.stock_size)
        for seat in range(n):
            place = (seat - me) % n
            out[sizes.start + place] = float(observation.hand_sizes[seat])
            out[stacks.start + place] = float(observation.stacks[seat])
        out[pot.start] = float(observation.pot)
        for field, seat_or_none in (
            (to_play, observation.current_player),
            (dealer, observation.dealer),
            (caller, observation.caller),
            (last, observation.last_to_play),
        ):
            if seat_or_none is not None:
                out[field.start + (seat_or_none - me) % n] = 1.0
        out[turns.start] = float(observation.turns_played)
        out[deal.start] = float(observation.deal_number)


TENSORS: Final = PaiuteTensors()
"""The Paiute :class:`~cardgames.tensor.TensorSpec`."""
