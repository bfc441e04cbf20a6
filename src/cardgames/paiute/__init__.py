"""Paiute: the Hawaiian draw-and-discard game with wild cards and six-card hands.

Everything is re-exported here: the game class :class:`Paiute`, its options
:class:`PaiuteConfig`, the state, actions, observation and history records, and the hand
evaluator (:func:`evaluate`, :func:`call_options`, :func:`best_call`). The rules, with their
ids P1-P21, are in ``docs/paiute.md``::

    >>> from cardgames.paiute import Paiute, PaiuteConfig
    >>> game = Paiute(PaiuteConfig(num_players=2, max_turns=50))
    >>> game.name, game.num_players, game.num_distinct_actions
    ('paiute', 2, 108)
"""

from cardgames.paiute.action import (
    NUM_DISTINCT_ACTIONS,
    Call,
    Discard,
    DrawDiscard,
    DrawStock,
    PaiuteAction,
    ShowSix,
    action_from_id,
    action_id,
)
from cardgames.paiute.config import FinalTurns, PaiuteConfig
from cardgames.paiute.game import Paiute
from cardgames.paiute.hands import (
    CallOption,
    Category,
    HandValue,
    Tiebreak,
    best_call,
    call_options,
    call_options_indices,
    evaluate,
    evaluate_indices,
)
from cardgames.paiute.heuristic import PaiuteHeuristicBot, hand_potential
from cardgames.paiute.history import (
    Called,
    DealResult,
    Discarded,
    DrewFromDiscard,
    DrewFromStock,
    PaiuteEvent,
    RebuiltStock,
    ShowedSix,
)
from cardgames.paiute.invariants import check_config_fit, check_state
from cardgames.paiute.notation import format_action, parse_action
from cardgames.paiute.observation import PaiuteObservation, known_cards
from cardgames.paiute.session import deck_for_deal
from cardgames.paiute.spec import SPEC
from cardgames.paiute.state import DrawnCard, DrawSource, PaiuteState, Table

__all__ = [
    "NUM_DISTINCT_ACTIONS",
    "SPEC",
    "Call",
    "CallOption",
    "Called",
    "Category",
    "DealResult",
    "Discard",
    "Discarded",
    "DrawDiscard",
    "DrawSource",
    "DrawStock",
    "DrawnCard",
    "DrewFromDiscard",
    "DrewFromStock",
    "FinalTurns",
    "HandValue",
    "Paiute",
    "PaiuteAction",
    "PaiuteConfig",
    "PaiuteEvent",
    "PaiuteHeuristicBot",
    "PaiuteObservation",
    "PaiuteState",
    "RebuiltStock",
    "ShowSix",
    "ShowedSix",
    "Table",
    "Tiebreak",
    "action_from_id",
    "action_id",
    "best_call",
    "call_options",
    "call_options_indices",
    "check_config_fit",
    "check_state",
    "deck_for_deal",
    "evaluate",
    "evaluate_indices",
    "format_action",
    "hand_potential",
    "known_cards",
    "parse_action",
]
