"""S7's ``broke_pass`` option, forced and voluntary passes alike.

Every pass costs a chip (S7, and with ``must_play_if_able=False`` a pass by choice "costs a
chip like any pass"), so ``broke_pass`` decides what happens whenever a player without chips
passes, whether they had to or chose to: ``"free"`` lets them pass for nothing, ``"end_game"``
ends the game at once. docs/sixes.md's option table says the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.cards import Card, parse_cards
from cardgames.game import PlayerId
from cardgames.sixes import PASS, BrokePass, Play, Sixes, SixesConfig, SixesState, SixesTurn
from cardgames.sixes.deck import mask_of_cards

DOCS = Path(__file__).resolve().parents[2] / "docs" / "sixes.md"


def broke_position(hands: tuple[str, str]) -> SixesState:
    """Seat 0 to play with no chips left, one chip in the pot; every other card on the table."""
    masks = tuple(mask_of_cards(parse_cards(hand)) for hand in hands)
    table = ((1 << 40) - 1) & ~(masks[0] | masks[1])
    return SixesState(
        hand_masks=masks,
        table_mask=table,
        stacks=(0, 5),
        pot=1,
        settled_stacks=(1, 5),
        dealer=PlayerId(0),
        to_play=PlayerId(0),
        round_number=1,
        history=(SixesTurn(PlayerId(0), Play(Card.parse("6d"))),),
        stack_emptied=True,
        chance_key=0,
    )


def game_with(broke_pass: BrokePass, *, must_play_if_able: bool = True) -> Sixes:
    """A two-player game of three chips each with the given options."""
    return Sixes(
        SixesConfig(
            num_players=2,
            starting_chips=3,
            broke_pass=broke_pass,
            must_play_if_able=must_play_if_able,
        )
    )


@pytest.mark.parametrize("voluntary", [False, True], ids=["forced", "voluntary"])
def test_s7_end_game_ends_the_game_on_any_broke_pass(voluntary: bool) -> None:
    """S7: broke_pass="end_game" ends the game when a broke player passes, forced or by choice."""
    game = game_with(BrokePass.END_GAME, must_play_if_able=not voluntary)
    # Seat 0 can play the K♠ (the Q♠ is down) only in the voluntary case.
    state = broke_position(("Ks Kh", "Qh") if voluntary else ("Kh", "Qh Ks"))
    assert (Play(Card.parse("Ks")) in game.legal_actions(state)) == voluntary
    after = game.apply(state, PASS)
    assert game.is_terminal(after)
    assert sum(after.stacks) + after.pot == 6


@pytest.mark.parametrize("voluntary", [False, True], ids=["forced", "voluntary"])
def test_s7_free_lets_a_broke_player_pass_forced_or_by_choice(voluntary: bool) -> None:
    """S7: broke_pass="free" lets a broke player pass for nothing, forced or by choice."""
    game = game_with(BrokePass.FREE, must_play_if_able=not voluntary)
    state = broke_position(("Ks Kh", "Qh") if voluntary else ("Kh", "Qh Ks"))
    after = game.apply(state, PASS)
    assert not game.is_terminal(after)
    assert (after.stacks, after.pot, after.to_play) == ((0, 5), 1, 1)


def test_s7_the_options_table_describes_every_broke_pass() -> None:
    """S7: the docs' options table says end_game fires on any pass by a broke player."""
    row = next(
        line for line in DOCS.read_text("utf-8").splitlines() if line.startswith("| `broke_pass`")
    )
    assert "must pass" not in row
    assert "by choice" in row
