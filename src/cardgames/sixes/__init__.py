"""Sixes (Los Seises): a Spanish shedding game of the Sevens family, played for chips.

Rules S1 to S12 are in ``rules/sixes.md``; :doc:`the Sixes guide </sixes>` restates them. Start
with :class:`Sixes` (the game), :class:`SixesConfig` (its options), :class:`Play` and
:class:`Pass` (the actions)::

    >>> from cardgames.sixes import Sixes, SixesConfig
    >>> game = Sixes(SixesConfig(num_players=4))
    >>> state = game.initial_state(seed=1)
    >>> game.legal_actions(state)
    (Play(card=Card.parse('6d')),)
"""

from cardgames.sixes.action import (
    NUM_DISTINCT_ACTIONS,
    PASS,
    PLAYS,
    Pass,
    Play,
    SixesAction,
    SixesTurn,
    action_from_id,
    action_id,
)
from cardgames.sixes.config import BrokePass, Direction, GameEnd, SixesConfig
from cardgames.sixes.deck import SIXES_DECK, SIXES_ORDER, card_at, card_index, deck_for_hands
from cardgames.sixes.game import Sixes
from cardgames.sixes.heuristic import SixesHeuristicBot
from cardgames.sixes.notation import format_action, parse_action
from cardgames.sixes.observation import SixesObservation
from cardgames.sixes.spec import SPEC
from cardgames.sixes.state import SixesState

__all__ = [
    "NUM_DISTINCT_ACTIONS",
    "PASS",
    "PLAYS",
    "SIXES_DECK",
    "SIXES_ORDER",
    "SPEC",
    "BrokePass",
    "Direction",
    "GameEnd",
    "Pass",
    "Play",
    "Sixes",
    "SixesAction",
    "SixesConfig",
    "SixesHeuristicBot",
    "SixesObservation",
    "SixesState",
    "SixesTurn",
    "action_from_id",
    "action_id",
    "card_at",
    "card_index",
    "deck_for_hands",
    "format_action",
    "parse_action",
]
