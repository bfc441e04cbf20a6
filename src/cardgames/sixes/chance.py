"""Where chance enters Sixes, as explicit events (see :mod:`cardgames.chance`).

The first dealer and the deck of the first round are chosen at the start (S4); every later
round is dealt from a new deck order once the previous round is won (S9). Both are explicit
events, so an engine such as OpenSpiel sees the real chance structure::

    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> from cardgames.sixes.chance import CHANCE
    >>> game = Sixes(SixesConfig(num_players=2, max_rounds=2))
    >>> event = CHANCE.start(game)
    >>> event.name, event.seats, len(event.cards)
    ('deal', 2, 40)
    >>> CHANCE.max_game_length(game), CHANCE.returns_range(game)
    (160, (-10, 10))
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from cardgames.cards import Card
from cardgames.chance import ChanceEvent
from cardgames.game import PlayerId
from cardgames.sixes.action import SixesAction
from cardgames.sixes.config import BrokePass
from cardgames.sixes.deck import DECK_SIZE, SIXES_DECK
from cardgames.sixes.game import Sixes
from cardgames.sixes.state import SixesState

__all__ = ["CHANCE", "SixesChance"]


class SixesChance:
    """The chance events of Sixes: the first deal with its dealer (S4), each later deal (S9)."""

    deck: tuple[Card, ...] = SIXES_DECK
    bounded_options: Mapping[str, int] = MappingProxyType({"max_rounds": 10})
    """The round limit an engine that needs bounded games uses by default (S12)."""

    def start(self, game: Sixes) -> ChanceEvent:
        """Choose the first dealer, then the order of the 40 cards (S4)."""

        def resolve(dealer: PlayerId | None, order: tuple[Card, ...]) -> SixesState:
            return game.initial_state(0, deck=order, dealer=dealer)

        return ChanceEvent(name="deal", seats=game.num_players, cards=SIXES_DECK, resolve=resolve)

    def apply(self, game: Sixes, state: SixesState, action: SixesAction) -> object:
        """The state after ``action``, or the deal of the next round it starts (S8, S9)."""
        after = game.apply(state, action)
        if state.pending_decks or after.to_play is None or after.round_number == state.round_number:
            return after

        def resolve(_: PlayerId | None, order: tuple[Card, ...]) -> SixesState:
            return game.apply(attrs.evolve(state, pending_decks=(order,)), action)

        return ChanceEvent(name="deal", seats=0, cards=SIXES_DECK, resolve=resolve)

    def max_game_length(self, game: Sixes) -> int | None:
        """A bound on the actions of a game, when ``max_rounds`` bounds it (S12).

        Under ``must_play_if_able`` someone can always play, so at most ``n - 1`` passes come
        between two plays (S7, S12); otherwise each pass costs a chip, so a round holds at most
        as many paid passes as there are chips, and free passes by broke players have no bound.
        """
        config = game.config
        if config.max_rounds is None:
            return None
        n = config.num_players
        if config.must_play_if_able:
            per_round = DECK_SIZE * n
        elif config.broke_pass is BrokePass.END_GAME:
            per_round = DECK_SIZE + n * config.starting_chips + 1
        else:
            return None
        return per_round * config.max_rounds

    def returns_range(self, game: Sixes) -> tuple[int, int]:
        """A seat loses at most its stack and wins at most every other stack (S3, S10)."""
        chips = game.config.starting_chips
        return (-chips, (game.num_players - 1) * chips)


CHANCE: Final = SixesChance()
"""The Sixes :class:`~cardgames.chance.ChanceSpec`."""
