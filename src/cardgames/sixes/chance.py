"""Where chance enters Sixes, for engines that enumerate it (see :mod:`cardgames.chance`).

The first dealer and the deck of the first round are chosen at the start (S4); every later
round is dealt from a new deck order once the previous round is won (S9). Both go into a
:class:`~cardgames.game.Chance` (``dealer``, then one deck per round), so an engine such as
OpenSpiel sees the real chance structure::

    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> from cardgames.sixes.chance import CHANCE
    >>> game = Sixes(SixesConfig(num_players=2, max_rounds=2))
    >>> CHANCE.choose_dealer, len(CHANCE.deck)
    (True, 40)
    >>> CHANCE.max_game_length(game), CHANCE.returns_range(game)
    (160, (-10, 10))
"""

from __future__ import annotations

from typing import Final

import attrs

from cardgames.chance import ChanceStructure, Shuffle, stack_returns_range
from cardgames.game import Chance
from cardgames.sixes.action import SixesAction
from cardgames.sixes.config import BrokePass
from cardgames.sixes.deck import DECK_SIZE, SIXES_DECK
from cardgames.sixes.game import Sixes
from cardgames.sixes.state import SixesState

__all__ = ["CHANCE", "chance_apply"]

_NEXT_DEAL: Final = Shuffle(name="deal", seats=0, cards=SIXES_DECK)


def _deals_next_round(state: SixesState, after: SixesState) -> bool:
    """Whether ``after`` starts a new round (S9): the round changed and the game goes on."""
    return after.to_play is not None and after.round_number != state.round_number


def _shuffle(game: Sixes, state: SixesState, action: SixesAction) -> Shuffle | None:
    """The deal of the next round that ``action`` starts (S8, S9), unless the state has it."""
    if state.pending_decks or not _deals_next_round(state, game.apply(state, action)):
        return None
    return _NEXT_DEAL


def chance_apply(
    game: Sixes, state: SixesState, action: SixesAction, chance: Chance, shuffles: int
) -> tuple[SixesState, int]:
    """Apply ``action``; the next round it starts takes ``chance.decks[shuffles]`` (S9).

    A state that already carries its next deck (``pending_decks``, as after
    ``initial_state(chance=...)``) keeps it.
    """
    after = game.apply(state, action)
    if not _deals_next_round(state, after):
        return after, shuffles
    order = chance.decks[shuffles] if shuffles < len(chance.decks) else None
    if order is not None and not state.pending_decks:
        after = game.apply(attrs.evolve(state, pending_decks=(order,)), action)
    return after, shuffles + 1


def _max_game_length(game: Sixes) -> int | None:
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


def _returns_range(game: Sixes) -> tuple[int, int]:
    """A seat loses at most its stack and wins at most every other stack (S3, S10)."""
    return stack_returns_range(game.config.starting_chips, game.num_players)


CHANCE: Final = ChanceStructure(
    deck=SIXES_DECK,
    choose_dealer=True,
    shuffle=_shuffle,
    bounded_options={"max_rounds": 10},
    max_game_length=_max_game_length,
    returns_range=_returns_range,
)
"""The Sixes :class:`~cardgames.chance.ChanceStructure`: the first dealer and deck (S4), each
later round's deck (S9); an engine that needs bounded games plays 10 rounds by default (S12)."""
