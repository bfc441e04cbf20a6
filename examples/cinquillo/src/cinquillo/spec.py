"""What cardgames needs to know of Cinquillo: notation, events, a bot, rules, tensors, chance."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardgames.cards import Card, make_rng
from cardgames.errors import ParseError
from cardgames.events import Event
from cardgames.game import PlayerId
from cardgames.spec import GameSpec
from cinquillo.game import (
    ORDER,
    PASS,
    Cinquillo,
    CinquilloAction,
    CinquilloConfig,
    CinquilloObservation,
    CinquilloState,
    Pass,
    Play,
)
from cinquillo.tensor import CHANCE, TENSORS

__all__ = ["SPEC", "CinquilloBot", "format_action", "parse_action"]

RULES = """\
CINQUILLO - a Spanish shedding game of the Sevens family (C1-C6)

C1  2 to 4 players; the 40-card Spanish deck (no 8, 9, 10) is dealt out, seat 0 first.
C2  The holder of the 5 of diamonds opens with it.
C3  In turn a player plays one card: a 5 starts its suit's column; any other card extends
    its suit's column by one rank, below or above (A 2 3 4 5 6 7 J Q K).
C4  A player who can play must; one who cannot passes.
C5  The first player to empty their hand wins and ends the game.
C6  Each other player pays the winner one chip per card left in hand.
"""


def format_action(action: CinquilloAction) -> str:
    """``play 5d`` or ``pass``."""
    return "pass" if isinstance(action, Pass) else f"play {action.card}"


def parse_action(text: str) -> CinquilloAction:
    """The action written by :func:`format_action` (in any case).

    Raises:
        ParseError: the text is neither ``pass`` nor ``play <card>``.
    """
    words = text.lower().split()
    if words == ["pass"]:
        return PASS
    if len(words) == 2 and words[0] == "play":
        try:
            return Play(Card.parse(words[1]))
        except ParseError:
            pass
    raise ParseError(f"not a Cinquillo action: {text!r} (expected 'pass' or 'play 5d')")


def describe(  # noqa: PLR0913, PLR0917 - the spec's event signature
    game: Cinquillo,
    state: CinquilloState,
    action: CinquilloAction,
    after: CinquilloState,
    viewer: PlayerId | None,
    reveal_all: bool,
) -> tuple[Event, ...]:
    """The events of one action: every card played is public, so every viewer sees the same."""
    del viewer, reveal_all
    player = state.to_play
    if isinstance(action, Pass):
        events = [Event(kind="pass", player=player, text=f"player {player} passed")]
    else:
        card = action.card
        text = f"player {player} played {card.unicode}"
        events = [Event(kind="play", player=player, cards=(card,), text=text)]
    if game.is_terminal(after):
        chips = max(game.returns(after))
        text = f"player {player} went out and won {chips} chips"
        events.append(Event(kind="game_over", player=player, chips=chips, text=text))
    return tuple(events)


class CinquilloBot:
    """Plays the card that keeps most of its own cards reachable; random among equals."""

    def __init__(self, *, seed: int | random.Random | None = None) -> None:
        self._rng = make_rng(seed)

    def choose(
        self, observation: CinquilloObservation, legal_actions: Sequence[CinquilloAction]
    ) -> CinquilloAction:
        """The legal action that opens the most of the bot's own cards further along."""

        def score(action: CinquilloAction) -> tuple[int, float]:
            if isinstance(action, Pass):
                return (0, self._rng.random())
            position = ORDER.index(action.card.rank)
            mine = sum(
                1
                for card in observation.hand
                if card.suit == action.card.suit
                and abs(ORDER.index(card.rank) - 4) > abs(position - 4)
            )
            return (mine, self._rng.random())

        return max(legal_actions, key=score)


def _make_game(config: CinquilloConfig | None) -> Cinquillo:
    return Cinquillo() if config is None else Cinquillo(config)


def _heuristic_bot(game: Cinquillo, *, seed: int | random.Random | None = None) -> CinquilloBot:
    del game
    return CinquilloBot(seed=seed)


SPEC: GameSpec[CinquilloState, CinquilloAction, CinquilloObservation, CinquilloConfig] = GameSpec(
    name="cinquillo",
    make_game=_make_game,
    config_class=CinquilloConfig,
    state_class=CinquilloState,
    observation_class=CinquilloObservation,
    action_classes=(Play, Pass),
    rules=RULES,
    format_action=format_action,
    parse_action=parse_action,
    events=describe,
    heuristic_bot=_heuristic_bot,
    chance_structure=CHANCE,
    tensors=TENSORS,
)
"""Cinquillo as cardgames sees it; the ``cardgames.games`` entry point names its module."""
