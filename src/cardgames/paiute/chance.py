"""Where chance enters Paiute, for engines that enumerate it (see :mod:`cardgames.chance`).

The first dealer and the deck of the first deal are chosen at the start (P4, P5); a draw from
an empty stock shuffles the discards into a new stock (P10); a deal that ends when another
follows shuffles a new deck (P20). Each order is one deck of a
:class:`~cardgames.game.Chance`, in the order they happen, so an engine such as OpenSpiel sees
the real chance structure::

    >>> from cardgames.paiute import Paiute, PaiuteConfig
    >>> from cardgames.paiute.chance import CHANCE
    >>> game = Paiute(PaiuteConfig(num_players=3, max_turns=30))
    >>> CHANCE.choose_dealer, len(CHANCE.deck)
    (True, 52)
    >>> CHANCE.max_game_length(game), CHANCE.returns_range(game)
    (66, (-20, 40))
"""

from __future__ import annotations

from typing import Final

from cardgames.cards import standard_deck
from cardgames.chance import ChanceStructure, Shuffle, stack_returns_range
from cardgames.paiute.action import DrawStock, PaiuteAction
from cardgames.paiute.game import Paiute
from cardgames.paiute.state import PaiuteState

__all__ = ["CHANCE"]

_DECK: Final = standard_deck()
_NEXT_DEAL: Final = Shuffle(name="deal", seats=0, cards=_DECK)


def _shuffle(game: Paiute, state: PaiuteState, action: PaiuteAction) -> Shuffle | None:
    """The stock rebuild (P10) or the new deal (P20) that ``action`` causes, if any."""
    pile = state.discard_pile
    shuffled = pile[: len(pile) - (1 if game.config.reshuffle_keep_top_discard else 0)]
    if isinstance(action, DrawStock) and game.stock_needs_rebuild(state) and shuffled:
        return Shuffle(name="stock rebuild", seats=0, cards=tuple(sorted(shuffled)))
    after = game.apply(state, action)  # (with nothing to shuffle, says why the draw is illegal)
    if game.is_terminal(after) or after.deal_number == state.deal_number:
        return None
    return _NEXT_DEAL


def _max_game_length(game: Paiute) -> int | None:
    """A bound on the actions of a session, when ``max_turns`` bounds each deal (P21).

    A turn is two actions (a draw, then a discard or a call); a deal has at most
    ``max_turns`` turns before a call and one final turn per other player after it (P12).
    """
    config = game.config
    if config.max_turns is None:
        return None
    return 2 * (config.max_turns + config.num_players) * config.deals


def _returns_range(game: Paiute) -> tuple[int, int]:
    """A seat loses at most its stack and wins at most every other stack (P18, P19)."""
    return stack_returns_range(game.config.starting_chips, game.num_players)


CHANCE: Final = ChanceStructure(
    deck=_DECK,
    choose_dealer=True,
    shuffle=_shuffle,
    bounded_options={"max_turns": 100},
    max_game_length=_max_game_length,
    returns_range=_returns_range,
)
"""The Paiute :class:`~cardgames.chance.ChanceStructure`: the first dealer and deck (P4, P5),
each stock rebuild (P10) and each later deal (P20); an engine that needs bounded games caps a
deal at 100 turns by default (P21)."""
