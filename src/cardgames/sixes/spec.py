"""The spec of Sixes: what the rest of the library knows of the game (see :mod:`cardgames.spec`).

``Sixes().spec`` returns :data:`SPEC`; the registry finds it as ``cardgames.sixes.SPEC``.
"""

from __future__ import annotations

import importlib.resources
import random
from typing import Any

from cardgames.game import Chance
from cardgames.sixes import document, drawing, notation
from cardgames.sixes.action import Pass, Play, SixesAction
from cardgames.sixes.chance import CHANCE, chance_apply
from cardgames.sixes.config import SixesConfig
from cardgames.sixes.game import Sixes
from cardgames.sixes.observation import SixesObservation
from cardgames.sixes.state import SixesState
from cardgames.sixes.tensor import TENSORS
from cardgames.spec import GameSpec, StateCodec

__all__ = ["SPEC"]


def _make_game(config: SixesConfig | None) -> Sixes:
    return Sixes() if config is None else Sixes(config)


def _chance_start(game: Sixes, seed: int | random.Random | None, chance: Chance) -> SixesState:
    return game.initial_state(seed, chance=chance)


def _heuristic_bot(game: Sixes, **options: Any) -> Any:  # noqa: ANN401 - the bot's own options
    from cardgames.sixes.heuristic import SixesHeuristicBot

    del game
    return SixesHeuristicBot(**options)


SPEC: GameSpec[SixesState, SixesAction, SixesObservation, SixesConfig] = GameSpec(
    name="sixes",
    make_game=_make_game,
    config_class=SixesConfig,
    state_class=SixesState,
    observation_class=SixesObservation,
    action_classes=(Play, Pass),
    rules=(importlib.resources.files(__package__) / "rules.txt").read_text(encoding="utf-8"),
    format_action=notation.format_action,
    parse_action=notation.parse_action,
    events=notation.describe,
    check_state=notation.check_state,
    state_codec=StateCodec(
        document_class=document.SixesStateDocument,
        to_document=document.to_document,
        from_document=document.from_document,
        read=document.read_state,
        read_checked=document.read_checked_state,
    ),
    check_observation=document.check_observation,
    read_observation=document.read_observation,
    read_checked_observation=document.read_checked_observation,
    heuristic_bot=_heuristic_bot,
    chance_start=_chance_start,
    chance_apply=chance_apply,
    chance_structure=CHANCE,
    drawing=drawing,
    tensors=TENSORS,
)
"""Sixes, as the registry, serialization, events, bots and the command line see it.

Chance (see :class:`~cardgames.game.Chance`) is the first dealer, then one deck per round (S4,
S9); ``chance_structure`` tells engines that enumerate chance where each deal happens, and
``tensors`` is the observation encoding of :mod:`cardgames.sixes.tensor`.
"""
