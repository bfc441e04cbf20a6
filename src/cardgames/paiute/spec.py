"""The spec of Paiute: what the rest of the library knows of the game (see :mod:`cardgames.spec`).

``Paiute().spec`` returns :data:`SPEC`; the registry finds it as ``cardgames.paiute.SPEC``.
"""

from __future__ import annotations

import importlib.resources
import random
from typing import Any

from cardgames.game import Chance
from cardgames.paiute import document, drawing, notation
from cardgames.paiute.action import Call, Discard, DrawDiscard, DrawStock, PaiuteAction, ShowSix
from cardgames.paiute.chance import CHANCE
from cardgames.paiute.config import PaiuteConfig
from cardgames.paiute.game import Paiute
from cardgames.paiute.invariants import check_read_state, check_state
from cardgames.paiute.observation import PaiuteObservation
from cardgames.paiute.state import PaiuteState
from cardgames.paiute.tensor import TENSORS
from cardgames.spec import GameSpec, StateCodec

__all__ = ["SPEC"]


def _make_game(config: PaiuteConfig | None) -> Paiute:
    return Paiute(config)


def _chance_start(game: Paiute, seed: int | random.Random | None, chance: Chance) -> PaiuteState:
    """The first deal with ``chance``: its dealer (P4) and its first deck (P5-P7)."""
    first = chance.decks[0] if chance.decks else None
    return game.initial_state(seed, deck=first, dealer=chance.dealer)


def _chance_apply(
    game: Paiute, state: PaiuteState, action: PaiuteAction, chance: Chance, shuffles: int
) -> tuple[PaiuteState, int]:
    """Apply ``action``; a stock rebuild (P10) or a new deal (P20) takes ``decks[shuffles]``."""
    order = chance.decks[shuffles] if shuffles < len(chance.decks) else None
    if isinstance(action, DrawStock) and game.stock_needs_rebuild(state):
        return game.apply(state, action, stock_order=order), shuffles + 1
    after = game.apply(state, action)
    if after.table.deal == state.table.deal or game.is_terminal(after):
        return after, shuffles
    if order is not None:
        after = game.apply(state, action, next_deck=order)
    return after, shuffles + 1


def _heuristic_bot(game: Paiute, **options: Any) -> Any:  # noqa: ANN401 - the bot's own options
    from cardgames.paiute.heuristic import PaiuteHeuristicBot

    return PaiuteHeuristicBot(game, **options)


SPEC: GameSpec[PaiuteState, PaiuteAction, PaiuteObservation, PaiuteConfig] = GameSpec(
    name="paiute",
    make_game=_make_game,
    config_class=PaiuteConfig,
    state_class=PaiuteState,
    observation_class=PaiuteObservation,
    action_classes=(DrawStock, DrawDiscard, Discard, Call, ShowSix),
    rules=(importlib.resources.files(__package__) / "rules.txt").read_text(encoding="utf-8"),
    format_action=notation.format_action,
    parse_action=notation.parse_action,
    events=notation.describe,
    check_state=check_state,
    state_codec=StateCodec(
        document_class=document.PaiuteStateDocument,
        to_document=document.to_document,
        from_document=document.build_state,  # check_state checks it at once
        read=document.read_state,
        check_read=check_read_state,
        read_checked=document.read_checked_state,
    ),
    read_checked_observation=document.read_checked_observation,
    heuristic_bot=_heuristic_bot,
    simulation_defaults={"max_turns": 100},
    chance_start=_chance_start,
    chance_apply=_chance_apply,
    chance_structure=CHANCE,
    drawing=drawing,
    tensors=TENSORS,
)
"""Paiute, as the registry, serialization, events, bots and the command line see it.

Chance (see :class:`~cardgames.game.Chance`) is injected through :meth:`Paiute.initial_state`'s
``deck`` and ``dealer`` and :meth:`Paiute.apply`'s ``stock_order`` and ``next_deck``: the decks
are the first deal's, then each stock rebuild's (P10) and each later deal's (P20) in the order
they happen; ``chance_structure`` tells engines that enumerate chance where each shuffle
happens, and ``tensors`` is the observation encoding of :mod:`cardgames.paiute.tensor`.
``simulation_defaults`` caps a deal at 100 turns (P21) so that bot-only games end.
"""
