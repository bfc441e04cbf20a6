"""Where chance enters Paiute, as explicit events (see :mod:`cardgames.chance`).

The first dealer and the deck of the first deal are chosen at the start (P4, P5); a draw from
an empty stock shuffles the discards into a new stock (P10); a deal that ends when another
follows shuffles a new deck (P20). Each is an explicit event, so an engine such as OpenSpiel
sees the real chance structure::

    >>> from cardgames.paiute import Paiute, PaiuteConfig
    >>> from cardgames.paiute.chance import CHANCE
    >>> game = Paiute(PaiuteConfig(num_players=3, max_turns=30))
    >>> event = CHANCE.start(game)
    >>> event.name, event.seats, len(event.cards)
    ('deal', 3, 52)
    >>> CHANCE.max_game_length(game), CHANCE.returns_range(game)
    (66, (-20, 40))
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from cardgames.cards import Card, standard_deck
from cardgames.chance import ChanceEvent
from cardgames.game import PlayerId
from cardgames.paiute.action import DrawStock, PaiuteAction
from cardgames.paiute.game import Paiute
from cardgames.paiute.state import PaiuteState

__all__ = ["CHANCE", "PaiuteChance"]


class PaiuteChance:
    """The chance events of Paiute: the deal (P4, P5, P20) and the stock rebuild (P10)."""

    deck: tuple[Card, ...] = standard_deck()
    bounded_options: Mapping[str, int] = MappingProxyType({"max_turns": 100})
    """The turn limit an engine that needs bounded games uses by default (P21)."""

    def start(self, game: Paiute) -> ChanceEvent:
        """Choose the first dealer, then the order of the 52 cards (P4, P5)."""

        def resolve(dealer: PlayerId | None, order: tuple[Card, ...]) -> PaiuteState:
            return game.initial_state(0, deck=order, dealer=dealer)

        return ChanceEvent(name="deal", seats=game.num_players, cards=self.deck, resolve=resolve)

    def apply(self, game: Paiute, state: PaiuteState, action: PaiuteAction) -> object:
        """The state after ``action``, or the stock rebuild (P10) or new deal (P20) it needs."""
        pile = state.discard_pile
        shuffled = pile[: len(pile) - (1 if game.config.reshuffle_keep_top_discard else 0)]
        if isinstance(action, DrawStock) and game.stock_needs_rebuild(state) and shuffled:
            # (with nothing to shuffle the draw is illegal: apply below says why, P10)

            def rebuild(_: PlayerId | None, order: tuple[Card, ...]) -> PaiuteState:
                return game.apply(state, action, stock_order=order)

            return ChanceEvent(
                name="stock rebuild", seats=0, cards=tuple(sorted(shuffled)), resolve=rebuild
            )
        after = game.apply(state, action)
        if game.is_terminal(after) or after.deal_number == state.deal_number:
            return after

        def deal(_: PlayerId | None, order: tuple[Card, ...]) -> PaiuteState:
            return game.apply(state, action, next_deck=order)

        return ChanceEvent(name="deal", seats=0, cards=self.deck, resolve=deal)

    def max_game_length(self, game: Paiute) -> int | None:
        """A bound on the actions of a session, when ``max_turns`` bounds each deal (P21).

        A turn is two actions (a draw, then a discard or a call); a deal has at most
        ``max_turns`` turns before a call and one final turn per other player after it (P12).
        """
        config = game.config
        if config.max_turns is None:
            return None
        return 2 * (config.max_turns + config.num_players) * config.deals

    def returns_range(self, game: Paiute) -> tuple[int, int]:
        """A seat loses at most its stack and wins at most every other stack (P18, P19)."""
        chips = game.config.starting_chips
        return (-chips, (game.num_players - 1) * chips)


CHANCE: Final = PaiuteChance()
"""The Paiute :class:`~cardgames.chance.ChanceSpec`."""
